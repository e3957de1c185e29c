/** The official MCP Registry: `settings.registries` when the setting is absent. */
export const OFFICIAL_REGISTRY = 'https://registry.modelcontextprotocol.io';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A registry's base URL, or why it is refused: https, or http to this computer only (a company
 * registry under test); no user or password, no query or fragment. The answer has no trailing
 * slash, so paths join as `${base}/v0.1/servers`.
 */
export function checkRegistryUrl(raw: string): { base: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'is not a URL; write it as https://registry.example.com' };
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { problem: 'must use https (http only to this computer)' };
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    return { problem: 'may not carry a user, password, query or fragment; write only the base address' };
  }
  return { base: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
