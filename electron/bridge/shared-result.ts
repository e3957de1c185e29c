import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * Results answered alike to many requests (an agent's tool listing: ~200 KB for 340 tools) are
 * serialized once, to bytes, which also spares the per-answer UTF-8 length and copy of a long string.
 * Such a result is frozen when registered (with its members), so its bytes cannot go stale.
 */
const serialized = new WeakMap<object, Buffer | null>();
const CLOSE = Buffer.from('}');

export function sharedResult<T extends object>(result: T): T {
  // Its members too (a listing's array); the listed items themselves are already shared, never changed.
  for (const member of Object.values(result)) if (typeof member === 'object' && member !== null) Object.freeze(member);
  serialized.set(Object.freeze(result), null);
  return result;
}

/** The bytes of a response whose result was registered with sharedResult; undefined for any other message. */
export function sharedResponseBytes(message: JSONRPCMessage): Buffer | undefined {
  if (!('result' in message)) return undefined;
  const { result, id } = message;
  let bytes = serialized.get(result);
  if (bytes === undefined) return undefined;
  if (bytes === null) {
    bytes = Buffer.from(JSON.stringify(result));
    serialized.set(result, bytes);
  }
  return Buffer.concat([Buffer.from(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`), bytes, CLOSE]);
}
