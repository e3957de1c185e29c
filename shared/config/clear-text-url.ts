/** Loopback hosts as a URL spells them: http to these never leaves this computer. */
function isLoopbackName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  // 127.0.0.0/8 (RFC 1122 §3.2.1.3), as a dotted quad or IPv4-mapped in IPv6 (the URL parser writes ::ffff:7fxx:xxxx).
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host);
}

/**
 * Why an MCP server's address sends in clear what it is given, or undefined: plain http to another
 * computer carries its sign-in tokens and secret headers readable on the way (https protects them,
 * as the MCP authorization spec requires of every endpoint but loopback).
 */
export function clearTextWarning(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || isLoopbackName(url.hostname)) return undefined;
  return `${url.origin} is not encrypted (http): the tokens and secrets sent to it would travel in clear over the network. Use https:// if the service offers it.`;
}
