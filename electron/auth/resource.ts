/**
 * The canonical URI of an MCP server, sent as the RFC 8707 `resource` (MCP authorization, "Canonical
 * Server URI"): scheme and host lowercased, default port and fragment dropped, no trailing slash unless
 * the path is just `/`.
 */
export function canonicalResource(serverUrl: string | URL): string {
  const url = new URL(serverUrl);
  url.hash = '';
  let href = url.href;
  if (url.pathname !== '/' && href.endsWith('/') && url.search === '') href = href.slice(0, -1);
  return href;
}

/**
 * Whether protected resource metadata naming `resource` may describe `serverUrl`: same origin, and its
 * path is the server's path or a parent of it (RFC 9728 §3.3 asks for identity; servers commonly name
 * their origin or the MCP endpoint, so a path prefix on a segment boundary is accepted, as the MCP SDK does).
 */
export function resourceCovers(resource: string, serverUrl: string | URL): boolean {
  const meta = URL.parse(resource);
  const server = new URL(serverUrl);
  if (!meta || meta.origin !== server.origin || meta.search !== '' || meta.hash !== '') return false;
  const base = meta.pathname.endsWith('/') ? meta.pathname : `${meta.pathname}/`;
  const path = server.pathname.endsWith('/') ? server.pathname : `${server.pathname}/`;
  return path.startsWith(base);
}
