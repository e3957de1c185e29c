/**
 * The commonest JSON-RPC messages, checked without zod when their shape is plainly what the SDK's
 * schema accepts, and built as its parse builds them (rpc-message.ts; JSON-RPC 2.0 §4, §5). Only
 * for values JSON.parse made. Anything else is undefined, so the SDK's own schema decides it.
 *
 * - a result response `{ jsonrpc, id, result }`: JSONRPCResultResponseSchema is a strict object
 *   (`jsonrpc` the literal "2.0", `id` a string or an integer) whose `result` is a loose object with
 *   an optional `_meta`;
 * - a request `{ jsonrpc, id, method, params? }`: JSONRPCRequestSchema, a strict object whose
 *   `params` is a loose object with an optional `_meta`.
 *
 * A plain one: the members named and no other, `id` a string or a safe integer other than -0, and an
 * object (`result`, `params`) with neither `_meta` (its schema has more to check) nor a parsed
 * `__proto__` member. The parse's output then has the schema's members in the schema's order and a
 * shallow copy of that object with its members in their order: so has ours.
 */
export function plainResultResponse(value: Record<string, unknown>): object | undefined {
  let keys = 0;
  for (const key in value) if (++keys > 3 || !Object.hasOwn(value, key)) return undefined;
  if (keys !== 3 || !hasAll(value, RESPONSE_KEYS) || value['jsonrpc'] !== '2.0' || !isPlainId(value['id'])) return undefined;
  const result = plainMembers(value['result']);
  return result && { jsonrpc: '2.0', id: value['id'], result };
}

export function plainRequest(value: Record<string, unknown>): object | undefined {
  let keys = 0;
  for (const key in value) if (++keys > 4 || !Object.hasOwn(value, key)) return undefined;
  if (!hasAll(value, REQUEST_KEYS) || value['jsonrpc'] !== '2.0' || !isPlainId(value['id']) || typeof value['method'] !== 'string') return undefined;
  if (keys === 3) return { jsonrpc: '2.0', id: value['id'], method: value['method'] };
  const params = Object.hasOwn(value, 'params') ? plainMembers(value['params']) : undefined;
  return params && { jsonrpc: '2.0', id: value['id'], method: value['method'], params };
}

const RESPONSE_KEYS = ['jsonrpc', 'id', 'result'];
const REQUEST_KEYS = ['jsonrpc', 'id', 'method'];

/** Whether each of `keys` is an own member (with the count of members, that no other is there). */
function hasAll(value: Record<string, unknown>, keys: readonly string[]): boolean {
  for (const key of keys) if (!Object.hasOwn(value, key)) return false;
  return true;
}

/** RequestIdSchema: a string, or a number zod's `.int()` takes (a safe integer); -0 is left to it. */
function isPlainId(id: unknown): boolean {
  return typeof id === 'string' || (Number.isSafeInteger(id) && !Object.is(id, -0));
}

/** A loose object's copy when it has neither `_meta` nor `__proto__` of its own; else undefined. */
function plainMembers(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  const members = value as Record<string, unknown>;
  if (Object.hasOwn(members, '_meta') || Object.hasOwn(members, '__proto__')) return undefined;
  return { ...members };
}
