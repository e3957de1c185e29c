import { checkedAddress, type HostPins, type Resolver } from './endpoint-fetch';
import type { Reach } from './reach';
import { validateBrowserUrl } from './url-safety';

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
