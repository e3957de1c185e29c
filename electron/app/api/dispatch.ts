import { type z } from 'zod';
import { API_METHODS, isApiMethod, type ApiMethod } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { ApiDoor, CallerInfo } from '../door/api-door';

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * Every transport (HTTP, IPC) calls the core through here, naming who calls (the transport knows
 * it: the web UI's secret, the command line's, the desktop window): the method name is checked
 * against the contract and the payload parsed with its schema, so nothing unvalidated reaches the
 * core, and the door decides what this caller may do.
 */
export async function dispatch(door: ApiDoor, method: string, payload: unknown, from: CallerInfo): Promise<unknown> {
  if (!isApiMethod(method)) throw new CodedError('not_found', `Unknown App API method "${method}"`);
  const parsed = API_METHODS[method].input.safeParse(payload ?? {});
  if (!parsed.success) {
    throw new CodedError('invalid_input', `Invalid input for ${method}: ${describeIssues(parsed.error)}`);
  }
  return door.call(from, method, parsed.data);
}

export type { ApiMethod };
