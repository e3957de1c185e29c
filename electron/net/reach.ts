import { isIPv4 } from 'node:net';
import { checkAddress, embeddedIpv4s, hostAddress, ipv6Bytes } from './ip-address';
import { isLocalhostName } from './localhost-name';

/**
 * How far from this computer a URL may lead. An endpoint a server or metadata document names may be
 * no closer than the MCP server as configured: a loopback server may use loopback endpoints, a
 * private-network one private ones, anything else public ones only. Otherwise a remote server's 401
 * or its metadata could make us send requests to (or open in the browser) a local service.
 */
export type Reach = 'loopback' | 'private' | 'public';

const RANK: Record<Reach, number> = { public: 0, private: 1, loopback: 2 };

function privateV4(bytes: readonly number[]): boolean {
  const [a = 0, b = 0] = bytes;
  // RFC 1918 10/8, 172.16/12, 192.168/16; RFC 6598 100.64/10 (carrier-grade NAT).
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return true;
  // Never a public host either: RFC 2544 §C.2.2 198.18/15 (benchmarking, and the fake-IP range of local
  // proxies), RFC 5771 224/4 multicast, RFC 1112 §4 240/4 (reserved for future use; RFC 6890 §2.2.2:
  // not global), whose last address is RFC 919 §7 255.255.255.255 (limited broadcast).
  return (a === 198 && (b === 18 || b === 19)) || a >= 224;
}

function v4Reach(bytes: readonly number[]): Reach {
  if (bytes[0] === 127) return 'loopback';
  return privateV4(bytes) ? 'private' : 'public';
}

/**
 * The class of an IP address (no brackets); undefined for one the address checks refuse anyway. An
 * IPv4 address written inside an IPv6 one (IPv4-mapped, translated, compatible, NAT64, 6to4; as
 * ip-address.ts looks through them for `blocked`) counts too: the closest class among them wins, so
 * `64:ff9b::7f00:1` is as near as 127.0.0.1 wherever a gateway translates it.
 */
export function addressReach(address: string): Reach | undefined {
  const verdict = checkAddress(address);
  if (verdict.blocked !== undefined) return undefined;
  if (verdict.loopback) return 'loopback';
  if (isIPv4(address)) return v4Reach(address.split('.').map(Number));
  // RFC 4193 fc00::/7 unique local; RFC 4291 §2.7 ff00::/8 multicast (no public host either).
  const first = ipv6Bytes(address)?.[0] ?? 0;
  const local = (first & 0xfe) === 0xfc || first === 0xff;
  return closest([local ? 'private' : 'public', ...embeddedIpv4s(address).map(v4Reach)]);
}

/**
 * The reach of a configured server URL that needs no lookup: loopback for `localhost` and the names
 * under it (localhost-name.ts), loopback
 * literals and no URL (a stdio server, or its records' `stdio://NAME`, names its authorization server
 * in the person's own config), the class of an IP literal; undefined for a host name (server-reach.ts
 * resolves it).
 */
export function literalReach(serverUrl: string): Reach | undefined {
  if (serverUrl === '') return 'loopback';
  const url = URL.parse(serverUrl);
  if (!url) return 'public';
  // stdio://NAME: the records of a program on this computer (auth-config.ts stdioTokenUrl).
  if (url.protocol === 'stdio:') return 'loopback';
  if (isLocalhostName(url.hostname)) return 'loopback';
  const address = hostAddress(url.hostname.toLowerCase());
  return address === undefined ? undefined : (addressReach(address) ?? 'public');
}

/** The farthest of several classes: a name is trusted no further than its most distant address. */
export function farthest(reaches: readonly Reach[]): Reach {
  return reaches.reduce<Reach>((far, reach) => (RANK[reach] < RANK[far] ? reach : far), 'loopback');
}

/** The nearest of several classes: an address is as close as anything written inside it. */
function closest(reaches: readonly Reach[]): Reach {
  return reaches.reduce<Reach>((near, reach) => (RANK[reach] > RANK[near] ? reach : near), 'public');
}

/** Whether a host of class `target` may be contacted for a server of reach `allowed`. */
export function within(allowed: Reach, target: Reach): boolean {
  return RANK[target] <= RANK[allowed];
}
