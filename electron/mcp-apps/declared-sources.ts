import { isIP } from 'node:net';
import { isAllowedSource, isNumericHost } from './app-csp';
import type { AppCspDomains } from './ui-meta';

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'wss:': '443', 'http:': '80', 'ws:': '80' };

/** Every origin a document declared (connect, resource and frame domains), as appCsp keeps them. */
export function declaredSources(declared: AppCspDomains | undefined): string[] {
  const all = [...(declared?.connectDomains ?? []), ...(declared?.resourceDomains ?? []), ...(declared?.frameDomains ?? [])];
  return all.filter(isAllowedSource).map((source) => source.trim().toLowerCase().replace(/\/$/, ''));
}

/**
 * Whether `url` is within one of `sources` as CSP matches a host source (CSP3 §6.7.2.8): the same
 * scheme, the host exactly or, for `*.`, a subdomain (never the bare domain), the port given or the
 * scheme's default. Sources are those isAllowedSource keeps, so no path, keyword or bare `*`; a
 * wildcard never matches an address (`*.0.1` is not a domain, and 127.0.0.1 is not its subdomain).
 */
export function withinSources(url: string, sources: readonly string[]): boolean {
  const target = URL.parse(url);
  if (!target) return false;
  const port = target.port || DEFAULT_PORTS[target.protocol];
  return sources.some((source) => {
    const match = /^([a-z]+:)\/\/(\*\.)?([^:/]+)(?::(\d+))?$/.exec(source);
    if (!match) return false;
    const [, scheme, wildcard, host = '', sourcePort] = match;
    if (scheme !== target.protocol) return false;
    if ((sourcePort ?? (scheme === undefined ? undefined : DEFAULT_PORTS[scheme])) !== port) return false;
    if (!wildcard) return target.hostname === host;
    if (isNumericHost(source) || isIP(target.hostname.replace(/^\[|\]$/g, '')) !== 0) return false;
    return target.hostname.endsWith(`.${host}`);
  });
}
