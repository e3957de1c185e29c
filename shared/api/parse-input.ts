import { CodedError } from '../errors';
import { API_METHODS, type ApiInput, type ApiMethod } from './contract';

/** One line naming each field that is wrong, as every caller of the App API is told it. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues.map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message)).join('; ');
}

/**
 * A method's input parsed by its schema in the contract: the one check every way into the core uses
 * (the app's transports, the command line's own core, the library), so nothing unchecked reaches it.
 */
export function parseApiInput<M extends ApiMethod>(method: M, input: unknown): ApiInput<M> {
  const parsed = API_METHODS[method].input.safeParse(input ?? {});
  if (!parsed.success) throw new CodedError('invalid_input', `Invalid input for ${method}: ${describeIssues(parsed.error.issues)}`);
  return parsed.data as ApiInput<M>;
}
