export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name → every address it has; the shape of `dns.promises.lookup(host, { all: true })`. */
export type Resolver = (hostname: string, options: { all: true }) => Promise<readonly ResolvedAddress[]>;

/**
 * The system's answer, its hosts file included (`ip6-localhost`, this machine's own name). `node:dns`
 * loads at the first look-up (a sign-in, a registry entry's address): a plain start resolves no name.
 */
export const systemResolver: Resolver = async (hostname, options) => {
  const { promises: dns } = await import('node:dns');
  return dns.lookup(hostname, options);
};
