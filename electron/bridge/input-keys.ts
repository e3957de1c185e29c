import type { InputMethod } from './input-rounds';

/**
 * The names a round gives its input requests (MCP 2026-07-28 basic/patterns/mrtr §InputRequests: the
 * keys of `inputRequests`, answered by the same keys in the retry's `inputResponses`). A 2026-07-28
 * server's own key is kept, so an agent speaking to it through the bridge sees what it would see
 * without the bridge; a 2025-era server's request has none and gets one of ours.
 */

/** A key passed on as the server gave it: short, printable, and no name an object already has (`__proto__`, `constructor`). */
const SAFE_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !(key in Object.prototype);
}

const KEY_PREFIX: Record<InputMethod, string> = { 'elicitation/create': 'elicitation', 'sampling/createMessage': 'sampling', 'roots/list': 'roots' };

/**
 * The key of a request in a round: the server's own where it is safe and no other request of this
 * call holds it (a key given again while its earlier request still waits, or one of ours), else
 * `<kind>-<n>` not in use.
 */
export function roundKey(method: InputMethod, serverKey: string | undefined, inUse: ReadonlySet<string> | ReadonlyMap<string, unknown>, next: () => number): string {
  if (serverKey !== undefined && isSafeKey(serverKey) && !inUse.has(serverKey)) return serverKey;
  for (;;) {
    const key = `${KEY_PREFIX[method]}-${next()}`;
    if (!inUse.has(key)) return key;
  }
}
