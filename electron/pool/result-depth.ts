import { CodedError } from '../../shared/errors';

/**
 * The deepest a server's result may nest (objects and arrays), as deep as the bridge lets an agent's
 * body nest. Past it, writing the result out as JSON recurses until the stack ends: the agent's
 * exchange would die with no answer, so the result is refused here, whatever carries it on.
 */
export const MAX_RESULT_DEPTH = 128;

export { nestsDeeperThan } from '../../shared/collections';

/** The error for a result nested past MAX_RESULT_DEPTH: the server's fault, said with what to do. */
export function tooDeepResult(server: string, what: string): CodedError {
  return new CodedError('internal', `"${server}" answered ${what} with a result nested deeper than ${MAX_RESULT_DEPTH} levels`, {
    hint: `the result was refused so that it cannot break the exchange it would travel on; tell the server's maintainers`,
  });
}
