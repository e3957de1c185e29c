function trimPath(pathname: string): string {
  return pathname === '/' ? '' : pathname.replace(/\/$/, '');
}

/**
 * MCP authorization (2025-11-25), authorization server metadata discovery: for an issuer with a path,
 * RFC 8414 path-inserted, OpenID path-inserted, OpenID path-appended; without a path, the first two.
 */
export function authServerMetadataCandidates(issuer: string): string[] {
  const url = new URL(issuer);
  const path = trimPath(url.pathname);
  const list = [`${url.origin}/.well-known/oauth-authorization-server${path}`, `${url.origin}/.well-known/openid-configuration${path}`];
  if (path !== '') list.push(`${url.origin}${path}/.well-known/openid-configuration`);
  return list;
}
