const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The URL to put in an `href`, or undefined when it must be shown as plain text: only `https:`, and
 * `http:` to this computer (loopback), with no credentials inside. Server-supplied URLs pass through
 * here before they become links; `javascript:`, `data:`, `file:` and the like never do.
 */
export function safeHref(value: string | undefined | null): string | undefined {
  if (typeof value !== 'string' || value.trim() !== value || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && (LOOPBACK_HOSTS.has(url.hostname) || /^127(?:\.\d{1,3}){3}$/.test(url.hostname))) return url.href;
  return undefined;
}

/** Names that lead to this computer or its network by convention (RFC 6761 §6.3, RFC 6762, RFC 8375). */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.lan', '.home.arpa'];

/**
 * The `href` for a URL inside what a server sent (a tool result's resource_link), or undefined: only
 * https to a public-looking name. A server must not put a one-click link to this computer or its
 * network in front of the person, so loopback http, IP literals, `localhost`, one-label names
 * (intranet hosts) and local suffixes are shown as text. A name that resolves to such an address
 * still passes: the renderer cannot look names up, and the browser resolves it again itself.
 */
export function serverContentHref(value: string | undefined | null): string | undefined {
  const href = safeHref(value);
  if (href === undefined) return undefined;
  const url = new URL(href);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (url.protocol !== 'https:' || host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return undefined;
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return undefined;
  return href;
}
