import { checkedAddress, type HostPins, type Resolver } from './endpoint-fetch';
import { hostRefusal, type Reach } from '../net';
import { hostReachRefusal, parseUrl, reachRefusal, refuse, validateBrowserUrl } from './url-safety';

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
 * Where a URL a server hands to another client (an agent's, which opens it itself) leads, held to
 * `reach` without the rules of a URL we open ourselves: `file:` is this computer; for http(s), its
 * written host (metadata names, link-local literals, loopback or private ones out of reach), then
 * every address its host name resolves to now, as checkedBrowserUrl. Other schemes name no host here.
 * @throws CodedError denied, or server_unavailable when the name does not resolve
 */
export async function checkedUrlDestination(value: string, what: string, reach: Reach, resolver: Resolver): Promise<URL> {
  const url = parseUrl(value, what);
  if (url.protocol === 'file:') {
    const local = reachRefusal('loopback', reach);
    if (local !== undefined) throw refuse(what, value, local);
    return url;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url;
  const refusal = hostRefusal(url.hostname);
  if (refusal !== undefined) throw refuse(what, value, `it points at a link-local or cloud-metadata address: ${refusal}`);
  const outOfReach = hostReachRefusal(url.hostname, reach);
  if (outOfReach !== undefined) throw refuse(what, value, outOfReach);
  await checkedAddress(url, resolver, what, false, reach);
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
