import { type z } from 'zod';
import { API_METHODS, isApiMethod, type ApiMethod, type AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Every transport (HTTP, IPC) calls the core through here: the method name is checked against the
 * contract and the payload parsed with its schema, so nothing unvalidated reaches the core.
 */
export async function dispatch(api: AppApi, method: string, payload: unknown): Promise<unknown> {
  if (!isApiMethod(method)) throw new CodedError('not_found', `Unknown App API method "${method}"`);
  const parsed = API_METHODS[method].input.safeParse(payload ?? {});
  if (!parsed.success) {
    throw new CodedError('invalid_input', `Invalid input for ${method}: ${describeIssues(parsed.error)}`);
  }
  const call = api[method] as (input: unknown) => Promise<unknown>;
  return call(parsed.data);
}

export type { ApiMethod };
