import type { ServerOptions } from 'node:http';

/**
 * How long the sign-in listener waits for a request to arrive. The browser sends its redirect at once
 * (RFC 8252 §7.3); node's defaults (60 s for the headers, 300 s for the whole request, 5 s kept alive)
 * let any local process that trickles a request hold a connection for the whole sign-in.
 */
export const CALLBACK_TIMEOUTS = {
  headersTimeout: 5_000,
  requestTimeout: 5_000,
  keepAliveTimeout: 1_000,
  connectionsCheckingInterval: 500,
} as const satisfies ServerOptions;

/**
 * At most this many connections open at once on the sign-in listener: a browser opens a few (the
 * callback, a favicon, a speculative one), and no more are needed for one callback. At the cap a new
 * connection replaces a silent one first (connection-guard.ts), so held connections cannot keep the
 * browser's callback out.
 */
export const MAX_CALLBACK_CONNECTIONS = 16;
