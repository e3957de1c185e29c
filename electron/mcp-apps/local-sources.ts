import type { AppCspDomains } from './ui-meta';

/** Where an app's server runs, as far as the loopback sources its app may declare go. */
export type AppServerPlace = { kind: 'stdio' } | { kind: 'http'; url: string };

const DEFAULT_PORTS: Record<string, string> = { 'https:': '443', 'wss:': '443', 'http:': '80', 'ws:': '80' };
const LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** This machine: `localhost` and its subdomains, 127.0.0.0/8, `[::1]`, and 0.0.0.0 (which reaches it too). */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '0.0.0.0';
}

function hostAndPort(origin: string): { host: string; port: string } | undefined {
  const match = /^([a-z]+:)\/\/(?:\*\.)?([^/:]+|\[[^\]]+\])(?::(\d+))?\/?$/.exec(origin.trim().toLowerCase());
  if (!match) return undefined;
  const [, scheme = '', host = '', port] = match;
  return { host, port: port ?? DEFAULT_PORTS[scheme] ?? '' };
}

/**
 * Whether an app may keep a loopback source. Its document runs on a 127.0.0.1 origin, so the browser's
 * Private Network Access checks do not stop it reaching local services (Docker's API, a debugger
 * port): a source on this machine is kept only for an app whose server is itself local, a stdio
 * server (any port) or an HTTP server on loopback (its own host and port only), and never one of the
 * product's own ports (the web UI, the bridge, the apps' origin).
 */
function keepsLoopback(source: { host: string; port: string }, place: AppServerPlace | undefined, ownPorts: ReadonlySet<string>): boolean {
  if (place === undefined || ownPorts.has(source.port)) return false;
  if (place.kind === 'stdio') return true;
  const own = URL.parse(place.url);
  if (!own || !isLoopbackHost(own.hostname.toLowerCase())) return false;
  return own.hostname.toLowerCase() === source.host && (own.port || DEFAULT_PORTS[own.protocol]) === source.port;
}

/** The app's declared sources with the loopback ones it may not have taken out, and what was taken (for the person's note). */
export function localSourcesOnly(
  declared: AppCspDomains | undefined,
  place: AppServerPlace | undefined,
  ownOrigins: readonly string[],
): { declared: AppCspDomains | undefined; dropped: string[] } {
  if (declared === undefined) return { declared, dropped: [] };
  // The product's addresses may carry a path (the bridge's `/mcp`): only their ports count.
  const ownPorts = new Set(ownOrigins.map((origin) => URL.parse(origin)).flatMap((url) => (url ? [url.port || (DEFAULT_PORTS[url.protocol] ?? '')] : [])));
  return keptSources(declared, (source) => {
    const at = hostAndPort(source);
    return at === undefined || !isLoopbackHost(at.host) || keepsLoopback(at, place, ownPorts);
  });
}

/** Each of the declared lists with only the sources `keep` passes, and those it did not (lower case, no trailing slash). */
export function keptSources(declared: AppCspDomains, keep: (source: string) => boolean): { declared: AppCspDomains; dropped: string[] } {
  const dropped = new Set<string>();
  const kept: AppCspDomains = { ...declared };
  for (const list of LISTS) {
    const sources = declared[list];
    if (sources === undefined) continue;
    kept[list] = sources.filter((source) => {
      if (keep(source)) return true;
      dropped.add(source.trim().toLowerCase().replace(/\/$/, ''));
      return false;
    });
  }
  return { declared: kept, dropped: [...dropped] };
}
