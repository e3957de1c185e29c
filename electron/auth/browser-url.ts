import { checkedAddress, type HostPins, type Resolver } from './endpoint-fetch';
import { HIDDEN_CHAR } from '../../shared/text';
import type { Reach } from '../net';
import { isInternationalizedHost, refuse, validateBrowserUrl } from './url-safety';

/**
 * A URL to hand to the person's browser, checked as an endpoint is: its written host
 * (validateBrowserUrl), then, for a host name, every address it resolves to now, no closer than
 * `reach` (an `http:` one on this computer only). The browser looks the name up again itself, so this
 * refuses a name that points at this computer or the network when asked, not one rebound just after.
 * `pins`: names already resolved for this sign-in (the server's), checked as answered then.
 * @throws CodedError denied, or server_unavailable when the name does not resolve
 */
export async function checkedBrowserUrl(value: string, what: string, reach: Reach, resolver: Resolver, pins?: HostPins): Promise<URL> {
  const url = validateBrowserUrl(value, what, reach);
  const known = pins?.get(url.hostname);
  await checkedAddress(url, known === undefined ? resolver : () => Promise.resolve(known), what, url.protocol === 'http:', reach);
  return url;
}

/**
 * A URL a server hands to another client (an agent's, which opens it itself or shows it to the
 * person there): held to the rules of one we open (validateBrowserUrl: https, or http to this
 * computer; no credentials, plain host, no specials; no closer than `reach`), so no other scheme
 * (smb:, ldap:, ws:, javascript:, data:, file:, …) reaches it. An internationalized host is refused
 * outright: the person's dialog marks one as a possible look-alike, the agent's client would not; so
 * is a hidden character (a bidi override, a tab) in the URL as sent. Then every address its host name
 * resolves to now, as checkedBrowserUrl. What is handed on is the URL returned, normalized and with
 * `{ } | ^` and a backquote percent-encoded (validateBrowserUrl).
 * @throws CodedError denied, or server_unavailable when the name does not resolve
 */
export async function checkedUrlDestination(value: string, what: string, reach: Reach, resolver: Resolver): Promise<URL> {
  const url = validateBrowserUrl(value, what, reach);
  if (HIDDEN_CHAR.test(value)) throw refuse(what, value, 'it contains control or formatting characters (which can make it read as another URL)');
  if (isInternationalizedHost(url.hostname)) throw refuse(what, value, 'its host name is internationalized (it may imitate another name)');
  await checkedAddress(url, resolver, what, url.protocol === 'http:', reach);
  return url;
}

/** Who opens a server's URL: the person's browser, through us, or an agent's client. */
export type UrlOpenedBy = 'browser' | 'agent';

/**
 * A URL a server asks to have opened (a URL-mode elicitation), held to the server's `reach` by its
 * host name's addresses now: checkedBrowserUrl for the person's browser, checkedUrlDestination for an
 * agent's client.
 * @throws CodedError denied, or server_unavailable when the name does not resolve
 */
export function checkedServerUrl(value: string, reach: Reach, by: UrlOpenedBy, resolver: Resolver): Promise<URL> {
  return by === 'browser' ? checkedBrowserUrl(value, 'to open', reach, resolver) : checkedUrlDestination(value, 'to hand to the agent', reach, resolver);
}
