import { addressReach, hostAddress, literalReach, within, type Reach } from '../../net';
import { isNumericHost, keptSources, type AppCspDomains, type AppServerPlace } from '../../mcp-apps';

/*
 * An app's document runs on a 127.0.0.1 origin, where Private Network Access does not apply: an
 * origin it declares on the LAN (an address of RFC 1918, RFC 6598 or RFC 4193) is kept only for a
 * server that is itself no farther, and link-local and metadata addresses never. The loopback ones
 * are local-sources.ts's. A name resolves where its owner says; a CSP cannot check that, so names of
 * the services that resolve any name to the address written in it are not kept either. Names only
 * the local network answers count as private, and a host ending in a number (an address the URL
 * standard reads in it, app-csp.ts) is never kept.
 */

/** Names whose every subdomain resolves to the address it spells (or to 127.0.0.1). */
const ADDRESS_ECHO_DOMAINS = ['nip.io', 'sslip.io', 'xip.io', 'localtest.me', 'lvh.me', 'traefik.me', 'local.gd', 'vcap.me'];

/**
 * Domains only a local network resolves: RFC 6762 §3 `.local` (multicast DNS) and the names its
 * Appendix G lists as used privately, RFC 8375 `home.arpa`, and `.internal` (ICANN, 2024: reserved
 * for private use).
 */
const LOCAL_NETWORK_DOMAINS = ['local', 'home.arpa', 'internal', 'lan', 'home', 'intranet', 'corp', 'private'];

function hostOf(source: string): string | undefined {
  const match = /^[a-z]+:\/\/(?:\*\.)?([^/:]+|\[[^\]]+\])(?::\d+)?\/?$/.exec(source.trim().toLowerCase());
  return match?.[1];
}

function underDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

function serverReach(place: AppServerPlace | undefined): Reach {
  if (place === undefined) return 'public';
  if (place.kind === 'stdio') return 'loopback';
  return literalReach(place.url) ?? 'public';
}

/** Why `source` is not kept for an app of a server at `reach`, if it is not. */
function tooNear(source: string, reach: Reach): boolean {
  const host = hostOf(source);
  if (host === undefined) return false;
  if (isNumericHost(source) || ADDRESS_ECHO_DOMAINS.some((domain) => underDomain(host, domain))) return true;
  if (LOCAL_NETWORK_DOMAINS.some((domain) => underDomain(host, domain))) return !within(reach, 'private');
  const address = hostAddress(host);
  if (address === undefined) return false;
  const near = addressReach(address);
  // Link-local, metadata and the like: never an app's.
  if (near === undefined) return true;
  return !within(reach, near);
}

/** The declared sources an app of this server may keep; the rest named in `dropped`. */
export function nearSourcesDropped(declared: AppCspDomains | undefined, place: AppServerPlace | undefined): { declared: AppCspDomains | undefined; dropped: string[] } {
  if (declared === undefined) return { declared, dropped: [] };
  const reach = serverReach(place);
  return keptSources(declared, (source) => !tooNear(source, reach));
}
