import { SERVER_NAME } from '../../shared/config';

const SCHEME = 'ui://';

/**
 * A server's `ui://` address as the bridge shows it to agents: the server's name first, so that two
 * servers' `ui://dashboard/view.html` never collide and a read goes back to the right one.
 * `ui://weather/view.html` of server `wx` becomes `ui://wx/weather/view.html`.
 */
export function toBridgeAddress(server: string, uri: string): string {
  if (!uri.startsWith(SCHEME)) return uri;
  return `${SCHEME}${server}/${uri.slice(SCHEME.length)}`;
}

/** The server and its own address behind a bridge `ui://` address; undefined for any other address. */
export function fromBridgeAddress(uri: string): { server: string; uri: string } | undefined {
  if (!uri.startsWith(SCHEME)) return undefined;
  const rest = uri.slice(SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0) return undefined;
  const server = rest.slice(0, slash);
  const own = rest.slice(slash + 1);
  if (!SERVER_NAME.test(server) || own.length === 0) return undefined;
  return { server, uri: `${SCHEME}${own}` };
}

/** A tool's `_meta` with its app's address (both the current and the first form) in bridge form. */
export function withBridgeAddresses(server: string, meta: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...meta };
  const ui = meta.ui;
  if (typeof ui === 'object' && ui !== null && !Array.isArray(ui)) {
    const resourceUri = (ui as Record<string, unknown>).resourceUri;
    if (typeof resourceUri === 'string') out.ui = { ...ui, resourceUri: toBridgeAddress(server, resourceUri) };
  }
  const legacy = meta['ui/resourceUri'];
  if (typeof legacy === 'string') out['ui/resourceUri'] = toBridgeAddress(server, legacy);
  return out;
}
