import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { RPC_ERROR } from './rpc-codes';

/** The text a call gets when its server answered it with a malformed response. */
export const INVALID_ANSWER_TEXT =
  'the server sent an invalid answer (JSON-RPC 2.0 §5: exactly one of "result", an object, and "error", with an integer code and a message)';

/** The text a call gets when its server answered it without the member that makes it JSON-RPC 2.0. */
export const NOT_JSONRPC_TEXT = 'the server sent an answer that is not JSON-RPC 2.0 (JSON-RPC 2.0 §5: a response carries "jsonrpc": "2.0")';

/** The text a call gets when its server answered it with its id as a string ("7" for 7). */
export const STRING_ID_TEXT = 'the server answered with the request\'s id as a string (JSON-RPC 2.0 §5: the id must be the same value, of the same type)';

/** The error answer that fails request `id` in place of its answer that came with the id as a string. */
export function stringIdAnswer(id: number): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: RPC_ERROR.InternalError, message: STRING_ID_TEXT } };
}

/** The text a call gets when its server answered it with its string id as a number (7 for "7"). */
export const NUMBER_ID_TEXT = 'the server answered with the request\'s id as a number (JSON-RPC 2.0 §5: the id must be the same value, of the same type)';

/**
 * The integer a string id names as the SDK would read it (`Number(id)`: "7", "07", " 7"), when the
 * answer has one: our requests' ids are integers, so such an answer is meant for a request of ours,
 * and failing it at once beats a timeout.
 */
export function stringIdOf(message: JSONRPCMessage): number | undefined {
  if ('method' in message || !('id' in message) || typeof message.id !== 'string') return undefined;
  const id = Number(message.id);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * A value that failed the SDK's message schemas but names a request (a string or integer `id`, no
 * `method`, a `result` or an `error`): an answer, malformed, such as one with both `result` and
 * `error`, or without `"jsonrpc": "2.0"`. It becomes an error response for that id, so the call
 * waiting for it fails at once instead of at its timeout; an id nobody waits for is dropped by the
 * SDK as any other.
 */
export function invalidAnswer(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const members = value as Record<string, unknown>;
  if (Object.hasOwn(members, 'method')) return undefined;
  if (!Object.hasOwn(members, 'result') && !Object.hasOwn(members, 'error')) return undefined;
  const id = members['id'];
  if (!(typeof id === 'string' || Number.isSafeInteger(id))) return undefined;
  const message = members['jsonrpc'] === '2.0' ? INVALID_ANSWER_TEXT : NOT_JSONRPC_TEXT;
  return { jsonrpc: '2.0', id: id as string | number, error: { code: RPC_ERROR.InternalError, message } };
}

/** Whether an error answer's text is one of ours above, put in place of an answer the server sent malformed. */
export function isInvalidAnswerText(text: string): boolean {
  return text === INVALID_ANSWER_TEXT || text === NOT_JSONRPC_TEXT || text === STRING_ID_TEXT || text === NUMBER_ID_TEXT;
}
