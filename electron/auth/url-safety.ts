import { CodedError } from '../../shared/errors';
import { isLoopbackHttpHost } from '../../shared/urls';
import { addressReach, checkAddress, hostAddress, hostRefusal, isLocalhostName, within, type Reach } from '../net';

/** One DNS label: letters, digits, inner hyphens (IDNs arrive as xn-- punycode from the URL parser). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;
/** Characters a normalized URL we hand to a browser must not contain (quotes, shell and HTML specials). */
const UNSAFE_CHARS = /[\s"'`<>\\{}|^\p{Cc}]/u;
/**
 * Characters the WHATWG URL serializer leaves raw in a path, query or fragment (`state=auth0|abc`,
 * `claims={…}`) that RFC 3986 §2 allows there only percent-encoded: written so, a server reads the
 * same value, and no shell or HTML attribute sees them.
 */
const LEFT_RAW = /[{}|^`]/g;

function ipv4(hostname: string): number[] | undefined {
  const match = IPV4.exec(hostname);
  if (!match) return undefined;
  const parts = match.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

/** 127.0.0.0/8, ::1 (IPv4-mapped forms too), `localhost` and names under it (RFC 8252 §8.3 prefers the IP literal; both are accepted here). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (isLocalhostName(host)) return true;
  const address = hostAddress(host);
  if (address === undefined) return false;
  const verdict = checkAddress(address);
  return verdict.blocked === undefined && verdict.loopback;
}

/** 169.254.0.0/16 and fe80::/10 (link-local), metadata-service names and addresses, unspecified addresses. */
export function isLinkLocalOrMetadata(hostname: string): boolean {
  return hostRefusal(hostname) !== undefined;
}

/** A hostname the URL parser accepted that is also a plain DNS name or IP literal (no `$()`, quotes, …). */
export function isPlainHostname(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (IPV6.test(host)) return true;
  if (IPV4.test(host)) return ipv4(host) !== undefined;
  const labels = host.replace(/\.$/, '').split('.');
  return host.length <= 253 && labels.every((label) => LABEL.test(label));
}

/** A host name with an internationalized label (xn--, as the URL parser writes it): it may imitate another name. */
export function isInternationalizedHost(hostname: string): boolean {
  return hostname.split('.').some((label) => label.toLowerCase().startsWith('xn--'));
}

export function refuse(what: string, value: string, why: string): CodedError {
  // The value may be hostile: show only a bounded, single-line excerpt of it.
  const shown = JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  return new CodedError('denied', `Refused ${what} ${shown}: ${why}.`, {
    hint: 'The server or its authorization server published an unsafe URL; nothing was opened. Contact its operator.',
    data: { reason: why },
  });
}

/** A URL of bounded length, parsed. @throws CodedError denied */
export function parseUrl(value: string, what: string): URL {
  if (typeof value !== 'string' || value.length === 0 || value.length > 8192) throw refuse(what, String(value), 'not a URL');
  const url = URL.parse(value);
  if (!url) throw refuse(what, value, 'not a valid URL');
  return url;
}

/** Why a host of this class is out of `reach`, or undefined. */
export function reachRefusal(target: Reach, reach: Reach): string | undefined {
  if (within(reach, target)) return undefined;
  return target === 'loopback' ? 'it points at this computer, and the MCP server is not on this computer' : 'it points at a private network, and the MCP server is not on one';
}

/**
 * Why a URL's host is out of `reach`, for localhost names (never looked up) and IP literals (a host name is checked once
 * resolved, where we connect: endpoint-fetch.ts); undefined when within or not told by the URL.
 */
export function hostReachRefusal(hostname: string, reach: Reach): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const address = hostAddress(host);
  const target = isLocalhostName(host) ? 'loopback' : address === undefined ? undefined : addressReach(address);
  return target === undefined ? undefined : reachRefusal(target, reach);
}

function checkHost(url: URL, value: string, what: string, reach: Reach): void {
  if (url.username !== '' || url.password !== '') throw refuse(what, value, 'it carries credentials');
  if (!isPlainHostname(url.hostname)) throw refuse(what, value, 'its host name is not a plain DNS name or IP address');
  const refusal = hostRefusal(url.hostname);
  if (refusal !== undefined) throw refuse(what, value, `it points at a link-local or cloud-metadata address: ${refusal}`);
  const outOfReach = hostReachRefusal(url.hostname, reach);
  if (outOfReach !== undefined) throw refuse(what, value, outOfReach);
}

/**
 * The only URLs handed to a browser: a parsed `https:` URL, or `http:` to a loopback host, with a plain
 * host name and nothing a shell or an HTML attribute would treat specially, no closer than `reach`
 * (the MCP server's own for a URL a server named; `loopback` only for one a person chose). Returns the
 * normalized URL, with `{ } | ^` and a backquote percent-encoded.
 * @throws CodedError denied
 */
export function validateBrowserUrl(value: string, what: string, reach: Reach): URL {
  const url = parseUrl(value, what);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw refuse(what, value, `only https: URLs (or http: to this computer) are opened, not ${url.protocol}`);
  }
  // The page links plain http only to these hosts (shared/urls): the core opens no other.
  if (url.protocol === 'http:' && !isLoopbackHttpHost(url.hostname)) {
    throw refuse(what, value, 'http: is opened only to localhost, 127.0.0.0/8 or [::1], not to another name for this computer (it can read as another site)');
  }
  checkHost(url, value, what, reach);
  // The host is plain (checkHost), so these stand in the path, query or fragment.
  const encoded = new URL(url.href.replace(LEFT_RAW, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`));
  if (UNSAFE_CHARS.test(encoded.href)) throw refuse(what, value, 'it contains characters no sign-in URL needs');
  return encoded;
}

/**
 * A URL the coordinator may send requests to (metadata, token, registration, revocation endpoints):
 * https, or http to loopback; no credentials, no fragment, not link-local or metadata services, and
 * no closer than `reach` (the MCP server's own, see reach.ts; `loopback` only for a URL a person typed).
 * @throws CodedError denied
 */
export function validateEndpointUrl(value: string, what: string, reach: Reach): URL {
  const url = parseUrl(value, what);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw refuse(what, value, `endpoints must use https: (http: only on this computer), not ${url.protocol}`);
  }
  checkHost(url, value, what, reach);
  if (url.hash !== '') throw refuse(what, value, 'it has a fragment');
  return url;
}
