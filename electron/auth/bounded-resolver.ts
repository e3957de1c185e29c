import type { Resolver } from './endpoint-fetch';

/**
 * How long the host name of a URL to open may take to resolve: past it, the URL is not opened. Well
 * inside a click's transient activation (5 s in Chromium and Firefox), which the web UI's tab needs
 * to open the link once the core has checked it.
 */
export const OPEN_LOOKUP_MS = 3_000;

/**
 * The resolver, given up on after `ms`: getaddrinfo cannot be cancelled and may wait for every
 * configured DNS server in turn, so a click would hang on it. A late answer is ignored.
 */
export function boundedResolver(resolver: Resolver, ms: number = OPEN_LOOKUP_MS): Resolver {
  return (hostname, options) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${String(ms / 1000)} s`)), ms);
      resolver(hostname, options).then(resolve, reject).finally(() => clearTimeout(timer));
    });
}
