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
