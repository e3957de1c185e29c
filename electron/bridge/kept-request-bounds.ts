import type { Refusal } from './http-guard';

/**
 * The bytes an initialize may take. Its capabilities and clientInfo are kept for the session's life,
 * and an agent keeps up to 128 sessions: at the body limit (4 MiB) one agent could hold half a GiB.
 * A real client's initialize is a few KiB (an icon as a data: URI, tens).
 */
export const MAX_INITIALIZE_BYTES = 256 * 1024;

function namesInitialize(body: unknown): boolean {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
}

/**
 * Why a POST that names `initialize` opens no session: past MAX_INITIALIZE_BYTES, or not an
 * initialize request the SDK takes (MCP 2025-11-25 basic/lifecycle §Initialization: params with
 * protocolVersion, capabilities and clientInfo). Undefined for any other body.
 */
export function initializeRefusal(body: unknown, bytes: () => number, isInitializeRequest: (message: unknown) => boolean): Refusal | undefined {
  if (!namesInitialize(body)) return undefined;
  const size = bytes();
  if (size > MAX_INITIALIZE_BYTES) {
    return { status: 400, rpcCode: -32602, message: `Invalid params: an initialize request is at most ${MAX_INITIALIZE_BYTES} bytes (its capabilities and clientInfo are kept for the session); this one is ${size}` };
  }
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  if (!messages.some((m) => isInitializeRequest(m))) {
    return { status: 400, rpcCode: -32602, message: 'Invalid params: initialize needs params with a protocolVersion string, capabilities and clientInfo (name and version)' };
  }
  return undefined;
}

/**
 * The bytes a 2026-07-28 `subscriptions/listen` may take: the request is held while its stream stays
 * open, and an agent keeps up to 64 streams, so at the body limit one agent could hold 256 MiB. Its
 * largest honest form, 256 URIs of 2 KiB, is half of this.
 */
export const MAX_LISTEN_BYTES = 1024 * 1024;

/** Why a `subscriptions/listen` past MAX_LISTEN_BYTES is refused; undefined for any other body. */
export function listenRefusal(body: unknown, bytes: () => number): Refusal | undefined {
  if ((body as { method?: unknown } | null)?.method !== 'subscriptions/listen') return undefined;
  const size = bytes();
  if (size <= MAX_LISTEN_BYTES) return undefined;
  return { status: 400, rpcCode: -32602, message: `Invalid params: a subscriptions/listen request is at most ${MAX_LISTEN_BYTES} bytes (it is kept while its stream is open); this one is ${size}` };
}
