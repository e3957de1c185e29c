/**
 * The hosts a plain `http:` URL may be opened at or linked to (the host as the URL parser leaves it):
 * `localhost` itself, 127.0.0.0/8 and `[::1]`. A name under localhost (`accounts.google.com.localhost`,
 * RFC 6761 §6.3) reaches this computer too, but reads as another site: it gets no plain-http link.
 * The core (url-safety.ts) and the page (safe-href.ts) hold to this one rule.
 */
export function isLoopbackHttpHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}
