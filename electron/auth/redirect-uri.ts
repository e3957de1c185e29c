/** `scheme://authority` then the rest, as written; no backslash, space or control character anywhere. */
const PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\\\s\p{Cc}]*)([^\\\s\p{Cc}]*)$/iu;

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/**
 * The form of a redirect URI a server may have rewritten ours into, or undefined when it differs from
 * ours in more than RFC 3986 §6.2.2.1 and §6.2.3 allow: the case of scheme and host, a default or empty
 * port, an empty path for "/". Nothing else is read as the same: no other host spelling (an integer
 * IPv4 address, a trailing dot), no dot segments, no percent-encoding, no trailing slash on a path.
 */
export function normalizedRedirectUri(raw: string): string | undefined {
  const parts = PARTS.exec(raw);
  const url = URL.parse(raw);
  if (parts === null || url === null) return undefined;
  const [, , authority = '', rest = ''] = parts;
  const host = authority.toLowerCase();
  const port = DEFAULT_PORTS[url.protocol];
  const hosts = [url.host, `${url.host}:`, ...(port === undefined || url.port !== '' ? [] : [`${url.hostname}:${port}`])];
  if (!hosts.includes(host)) return undefined;
  if (rest !== '' && rest !== `${url.pathname}${url.search}${url.hash}`) return undefined;
  return url.href;
}

/** Whether a registered redirect URI is ours (RFC 7591 §3.2.1), under the normalization above only. */
export function sameRedirectUri(registered: string, ours: string): boolean {
  if (registered === ours) return true;
  const normalized = normalizedRedirectUri(registered);
  return normalized !== undefined && normalized === normalizedRedirectUri(ours);
}

/**
 * Whether a registered redirect URI is ours with a slash added at the end of its path: RFC 3986
 * §6.2.3 adds none, so it is another URI: the sign-in must then name it, and its listener answer that path.
 */
export function slashedRedirectUri(registered: string, ours: string): boolean {
  const mine = normalizedRedirectUri(ours);
  return mine !== undefined && !mine.endsWith('/') && normalizedRedirectUri(registered) === `${mine}/`;
}
