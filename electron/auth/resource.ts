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

/** Whether two resource identifiers are the same once canonical (case of scheme and host, default port, a trailing slash). */
export function sameResource(resource: string, other: string | URL): boolean {
  const parsed = URL.parse(resource);
  if (!parsed || parsed.hash !== '') return false;
  return canonicalResource(parsed) === canonicalResource(other);
}

/**
 * What the `resource` of protected resource metadata may be, by where the document came from:
 * - `server`: the challenge's `resource_metadata` or the path-inserted well-known URL. RFC 9728 §3.3: the
 *   resource must be identical to the URL requested (challenge), or to the URL the well-known suffix was
 *   inserted into, which is the server URL; otherwise the metadata must not be used.
 * - `origin`: the root well-known URL (MCP authorization's last fallback). The suffix was inserted into
 *   the origin, so the origin is the identifier RFC 9728 §3.3 asks for; the server URL itself (narrower)
 *   is accepted too.
 */
export type ResourceRule = 'server' | 'origin';

/** Whether metadata naming `resource`, found under `rule`, may be used for `serverUrl` (never a parent path). */
export function resourceAllowed(resource: string, serverUrl: string | URL, rule: ResourceRule): boolean {
  if (sameResource(resource, serverUrl)) return true;
  return rule === 'origin' && sameResource(resource, `${new URL(serverUrl).origin}/`);
}
