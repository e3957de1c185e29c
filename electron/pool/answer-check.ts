import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { invalidAnswer, NUMBER_ID_TEXT, STRING_ID_TEXT } from './invalid-answer';
import { RPC_ERROR } from './rpc-codes';

/** The id of a request of this exchange that an answer's id names as another type ("7" for 7), or undefined. */
export type IdOfOtherType = (id: string | number) => string | number | undefined;

/** An exchange with no requests of ours (a GET stream): no answer can name one. */
export const NO_REQUESTS: IdOfOtherType = () => undefined;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON-RPC 2.0 §5.1: a code that is an integer (a safe one, as the SDK's schema takes) and a message. */
function isErrorObject(value: unknown): boolean {
  return isObject(value) && Number.isSafeInteger(value['code']) && typeof value['message'] === 'string';
}

/**
 * A wrong answer made an error answer that fails the call waiting for it at once, where the SDK would
 * drop it (the call then waits for its timeout) or take it; undefined for a right answer, a request,
 * a notification, or what is no answer at all. Wrong is:
 * - not one of JSON-RPC 2.0 §5's two shapes: no `"jsonrpc": "2.0"`, both `result` and `error`, a
 *   `result` that is not an object, an `error` without an integer code and a message (invalid-answer.ts);
 * - its id a request's of this exchange as another type ("7" for 7, 7 for "7"): §5 asks for the same
 *   value, so it answers no request of ours; but the server meant that one, which is failed saying so.
 */
export function checkedAnswer(value: unknown, otherType: IdOfOtherType): JSONRPCMessage | undefined {
  if (!isObject(value) || Object.hasOwn(value, 'method')) return undefined;
  const hasResult = Object.hasOwn(value, 'result');
  const hasError = Object.hasOwn(value, 'error');
  if (!hasResult && !hasError) return undefined;
  const wellFormed = value['jsonrpc'] === '2.0' && hasResult !== hasError && (hasResult ? isObject(value['result']) : isErrorObject(value['error']));
  if (!wellFormed) return invalidAnswer(value);
  const id = value['id'];
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  const ours = otherType(id);
  if (ours === undefined) return undefined;
  return { jsonrpc: '2.0', id: ours, error: { code: RPC_ERROR.InternalError, message: typeof id === 'string' ? STRING_ID_TEXT : NUMBER_ID_TEXT } };
}

/** A parsed JSON body with each wrong answer replaced (checkedAnswer), in a batch too; the same value when none is. */
export function checkedBody(data: unknown, otherType: IdOfOtherType): unknown {
  if (!Array.isArray(data)) return checkedAnswer(data, otherType) ?? data;
  return data.map((message: unknown) => checkedAnswer(message, otherType) ?? message);
}

/** The ids of the requests in a POST's body: one message (JSON-RPC 2.0 §4) or a batch (§6). */
function requestIds(body: string): (string | number)[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [];
  }
  const ids: (string | number)[] = [];
  for (const message of Array.isArray(value) ? value : [value]) {
    if (!isObject(message) || typeof message['method'] !== 'string') continue;
    const id = message['id'];
    if (typeof id === 'string' || typeof id === 'number') ids.push(id);
  }
  return ids;
}

/**
 * The requests a POST carried (its body: our own JSON.stringify), read only for an answer whose id may
 * be one of theirs as another type: every string id (ours are numbers, but for `listen:N`), and a
 * number only when the body holds a string id (`"id":"`, which JSON.stringify writes for no string's
 * content, its quotes escaped). Ids of another type match as the SDK matches an answer to its request
 * (Protocol `_onresponse`: `Number(id)`), so every answer it would take for ours is caught.
 */
export function requestIdsOf(body: unknown): IdOfOtherType {
  if (typeof body !== 'string') return NO_REQUESTS;
  const mayHoldStringId = body.includes('"id":"');
  let ids: (string | number)[] | undefined;
  return (id) => {
    if (typeof id === 'number' && !mayHoldStringId) return undefined;
    ids ??= requestIds(body);
    if (ids.includes(id)) return undefined;
    return ids.find((ours) => typeof ours !== typeof id && Number(ours) === Number(id));
  };
}
