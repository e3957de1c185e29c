import { isLoopbackHttpHost } from '../../shared/urls';

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
  if (url.protocol === 'http:' && isLoopbackHttpHost(url.hostname)) return url.href;
  return undefined;
}

/** Names that lead to this computer or its network by convention (RFC 6761 §6.3, RFC 6762, RFC 8375). */
const LOCAL_SUFFIXES = ['.localhost', '.localdomain', '.local', '.internal', '.lan', '.home.arpa'];
/** Public names whose every sub-name answers 127.0.0.1, kept for developers' convenience. */
const LOOPBACK_NAMES = ['localtest.me', 'lvh.me'];
/**
 * A name that spells an IPv4 address, four numbers joined by dots or dashes (`127.0.0.1.nip.io`,
 * `10-0-0-7.sslip.io`): wildcard DNS answers the address written in it.
 */
const SPELLED_ADDRESS = /(?:^|[.-])\d{1,3}(?:[.-]\d{1,3}){3}(?:[.-]|$)/;

/** Whether a host name (as the URL parser left it) leads to this computer or its network by its look alone. */
function localLookingHost(hostname: string): boolean {
  // Any number of trailing dots: `localhost..` is the same name to the resolver.
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  // The parser turns decimal, hex and octal forms (`2130706433`, `0x7f.1`) into dotted IPv4.
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return true;
  if (host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return true;
  if (LOOPBACK_NAMES.some((name) => host === name || host.endsWith(`.${name}`))) return true;
  return SPELLED_ADDRESS.test(host);
}

/**
 * The `href` for a URL inside what a server sent (a tool result's resource_link), or undefined: only
 * https to a public-looking name. A server must not put a one-click link to this computer or its
 * network in front of the person, so loopback http, IP literals in any spelling, `localhost` (with
 * trailing dots too), one-label names (intranet hosts, most of /etc/hosts), local suffixes and names
 * that spell an address are shown as text. Any other name that resolves to such an address still
 * passes: the page cannot look names up, and the browser resolves it again itself.
 */
export function serverContentHref(value: string | undefined | null): string | undefined {
  const href = safeHref(value);
  if (href === undefined) return undefined;
  const url = new URL(href);
  if (url.protocol !== 'https:' || localLookingHost(url.hostname)) return undefined;
  return href;
}
