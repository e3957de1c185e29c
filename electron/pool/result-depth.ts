import { CodedError } from '../../shared/errors';

/**
 * The deepest a server's result may nest (objects and arrays), as deep as the bridge lets an agent's
 * body nest. Past it, writing the result out as JSON recurses until the stack ends: the agent's
 * exchange would die with no answer, so the result is refused here, whatever carries it on.
 */
export const MAX_RESULT_DEPTH = 128;

/**
 * Whether `value` nests objects or arrays deeper than `max` (a flat object is 1 deep). Recursion is
 * safe: it never goes more than `max` + 1 calls down, and allocates nothing on the call's hot path.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (nestsDeeperThan(item, max - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (nestsDeeperThan(record[key], max - 1)) return true;
  return false;
}

/** The error for a result nested past MAX_RESULT_DEPTH: the server's fault, said with what to do. */
export function tooDeepResult(server: string, what: string): CodedError {
  return new CodedError('internal', `"${server}" answered ${what} with a result nested deeper than ${MAX_RESULT_DEPTH} levels`, {
    hint: `the result was refused so that it cannot break the exchange it would travel on; tell the server's maintainers`,
  });
}
