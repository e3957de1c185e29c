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
 * At most this many connections open at once on each of those servers (connection-guard.ts), so a
 * local process cannot take every file descriptor. At the cap a new connection replaces the oldest
 * that has not sent a request head (then the one whose body has been arriving longest, then the
 * longest idle between requests, then one whose first
 * answer waits only on its client to read it), those that carried an agent's request after all
 * others; only when all are being served is it closed unanswered. One connection has at most MAX_PIPELINED requests served at once. An agent
 * legitimately holds at most 64 `subscriptions/listen` streams (MAX_LISTENS_PER_AGENT), each legacy
 * session one GET stream, and a few requests in flight;
 * the bridge serves one agent at most a quarter of the cap at once, each call of a batch counted
 * (agent-share.ts in the bridge).
 */
export const MAX_LOOPBACK_CONNECTIONS = 1024;
