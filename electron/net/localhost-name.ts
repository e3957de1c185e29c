/**
 * `localhost` and every name under it (`app.localhost`): always this computer (RFC 6761 §6.3), so
 * never looked up; a resolver or DNS server could answer otherwise. A trailing dot is the same name.
 */
export function isLocalhostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

/** The loopback addresses a localhost name stands for (RFC 6761 §6.3), IPv4 first. */
export const LOCALHOST_ADDRESSES: readonly { address: string; family: 4 | 6 }[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];
