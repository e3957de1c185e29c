import { promises as dns } from 'node:dns';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Host name → every address it has; the shape of `dns.promises.lookup(host, { all: true })`. */
export type Resolver = (hostname: string, options: { all: true }) => Promise<readonly ResolvedAddress[]>;

/** The system's answer, its hosts file included (`ip6-localhost`, this machine's own name). */
export const systemResolver: Resolver = (hostname, options) => dns.lookup(hostname, options);
