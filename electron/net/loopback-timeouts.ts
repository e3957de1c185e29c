import type { ServerOptions } from 'node:http';

/**
 * How long our 127.0.0.1 servers (the bridge, the web UI, the apps' origin) wait for a request to
 * arrive. A local program sends its headers at once; Node's defaults (60 s for the headers, 300 s for
 * the whole request, checked every 30 s) let a client that trickles them hold each connection for
 * 90 s or more, and hundreds of them at once. Only receiving the request is bounded: a response, an
 * SSE stream or a `subscriptions/listen` kept open is not.
 */
export const LOOPBACK_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  connectionsCheckingInterval: 1_000,
} as const satisfies ServerOptions;

/**
 * At most this many connections open at once on each of those servers (`server.maxConnections`: Node
 * closes the ones past it as they arrive), so a local process cannot take every file descriptor. An
 * agent legitimately holds at most 64 `subscriptions/listen` streams (MAX_LISTENS_PER_AGENT), each
 * legacy session one GET stream, and a few requests in flight: 1,024 leaves room for a dozen agents
 * at their most, and far more as agents run. A connection past it is closed unanswered; those open
 * are served as before.
 */
export const MAX_LOOPBACK_CONNECTIONS = 1024;
