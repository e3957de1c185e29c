import { isApiMethod, parseApiInput, type ApiMethod } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { ApiDoor, CallerInfo } from '../door/api-door';

/**
 * Every transport (HTTP, IPC) calls the core through here, naming who calls (the transport knows
 * it: the web UI's secret, the command line's, the desktop window): the method name is checked
 * against the contract and the payload parsed with its schema, so nothing unvalidated reaches the
 * core, and the door decides what this caller may do.
 */
export async function dispatch(door: ApiDoor, method: string, payload: unknown, from: CallerInfo): Promise<unknown> {
  if (!isApiMethod(method)) throw new CodedError('not_found', `Unknown App API method "${method}"`);
  return door.call(from, method, parseApiInput(method, payload));
}

export type { ApiMethod };
