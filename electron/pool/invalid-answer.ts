import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { RPC_ERROR } from './rpc-codes';

/** The text a call gets when its server answered it with a malformed response. */
export const INVALID_ANSWER_TEXT = 'the server sent an invalid answer (JSON-RPC 2.0 §5: a response holds exactly one of "result" and "error")';

/**
 * A value that failed the SDK's message schemas but names a request (a string or integer `id`, no
 * `method`, a `result` or an `error`): an answer, malformed, such as one with both `result` and
 * `error`. It becomes an error response for that id, so the call waiting for it fails at once
 * instead of at its timeout; an id nobody waits for is dropped by the SDK as any other.
 */
export function invalidAnswer(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const members = value as Record<string, unknown>;
  if (members['jsonrpc'] !== '2.0' || Object.hasOwn(members, 'method')) return undefined;
  if (!Object.hasOwn(members, 'result') && !Object.hasOwn(members, 'error')) return undefined;
  const id = members['id'];
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  return { jsonrpc: '2.0', id: id as string | number, error: { code: RPC_ERROR.InternalError, message: INVALID_ANSWER_TEXT } };
}
