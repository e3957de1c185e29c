import { isIPv4, isIPv6 } from 'node:net';

/**
 * What an IP address is to the endpoint checks: refused (with why), loopback (allowed, also for http:),
 * or anything else (allowed for https:). Every form an IPv4 address can take inside IPv6 is looked
 * through: IPv4-mapped, IPv4-translated, IPv4-compatible, NAT64 and 6to4.
 */
export type AddressVerdict = { blocked: string } | { blocked?: undefined; loopback: boolean };

interface Range {
  bytes: readonly number[];
  bits: number;
  why: string;
}

const LINK_LOCAL_V4 = 'a link-local address (169.254.0.0/16, where cloud metadata services answer)';

/** Unspecified, link-local and cloud instance-metadata addresses. */
const BLOCKED_V4: readonly Range[] = [
  { bytes: [0, 0, 0, 0], bits: 8, why: 'an unspecified address (0.0.0.0/8)' },
  { bytes: [169, 254, 0, 0], bits: 16, why: LINK_LOCAL_V4 },
  { bytes: [168, 63, 129, 16], bits: 32, why: "Azure's platform address (WireServer)" },
  { bytes: [100, 100, 100, 200], bits: 32, why: "Alibaba Cloud's metadata address" },
  { bytes: [192, 0, 0, 192], bits: 32, why: "Oracle Cloud's metadata address" },
];

// Built on first use: the first isIPv6() compiles a large pattern, which every CLI command paid at start-up.
let blockedV6: readonly Range[] | undefined;
function blockedV6Ranges(): readonly Range[] {
  blockedV6 ??= [
    { bytes: v6('::'), bits: 128, why: 'the unspecified address (::)' },
    { bytes: v6('fe80::'), bits: 10, why: 'a link-local address (fe80::/10)' },
    { bytes: v6('fd00:ec2::254'), bits: 128, why: "AWS's metadata address" },
    { bytes: v6('fd20:ce::254'), bits: 128, why: "Google Cloud's metadata address" },
    { bytes: v6('fd00:c1::a9fe:a9fe'), bits: 128, why: "Oracle Cloud's metadata address" },
  ];
  return blockedV6;
}

function v6(text: string): number[] {
  const bytes = ipv6Bytes(text);
  if (!bytes) throw new Error(`not an IPv6 address: ${text}`);
  return bytes;
}

function inRange(bytes: readonly number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const mask = range.bits - bit >= 8 ? 0xff : (0xff << (8 - (range.bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((range.bytes[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(text: string): number[] | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (a zone, `%eth0`, is dropped); undefined when it is not one. */
export function ipv6Bytes(input: string): number[] | undefined {
  let text = input.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!isIPv6(text)) return undefined;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = ipv4Bytes(tail);
    if (!v4) return undefined;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 ? (halves[1] ? halves[1].split(':') : []) : undefined;
  const groups = rest === undefined ? head : [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  if (groups.length !== 8) return undefined;
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

const zeros = (bytes: readonly number[], from: number, to: number): boolean => bytes.slice(from, to).every((b) => b === 0);
const pick = (bytes: readonly number[], ...at: number[]): number[] => at.map((i) => bytes[i] ?? 0);

/** Where an IPv4 address may hide in an IPv6 one, and the IPv4 it names there. */
function embeddedIpv4(bytes: readonly number[]): { form: string; v4: number[] }[] {
  const found: { form: string; v4: number[] }[] = [];
  const last = pick(bytes, 12, 13, 14, 15);
  // RFC 4291 §2.5.5.2 IPv4-mapped ::ffff:0:0/96.
  if (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) found.push({ form: 'IPv4-mapped', v4: last });
  // RFC 2765 §2.1 IPv4-translated ::ffff:0:0:0/96.
  if (zeros(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(bytes, 10, 12)) found.push({ form: 'IPv4-translated', v4: last });
  // RFC 4291 §2.5.5.1 IPv4-compatible ::/96 (deprecated; :: and ::1 are classified before).
  if (zeros(bytes, 0, 12)) found.push({ form: 'IPv4-compatible', v4: last });
  // RFC 6052 §2.1 well-known NAT64 prefix 64:ff9b::/96.
  if (inRange(bytes, { bytes: v6('64:ff9b::'), bits: 96, why: '' })) found.push({ form: 'NAT64', v4: last });
  // RFC 8215 local-use NAT64 64:ff9b:1::/48: the operator picks the prefix length, so every RFC 6052 §2.2 layout counts.
  if (inRange(bytes, { bytes: v6('64:ff9b:1::'), bits: 48, why: '' })) {
    for (const at of [[6, 7, 9, 10], [7, 9, 10, 11], [9, 10, 11, 12], [10, 11, 12, 13], [12, 13, 14, 15]]) {
      found.push({ form: 'NAT64', v4: pick(bytes, ...at) });
    }
  }
  // RFC 3056 6to4 2002::/16: the IPv4 address of the site's relay.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) found.push({ form: '6to4', v4: pick(bytes, 2, 3, 4, 5) });
  return found;
}

/** Every IPv4 address an IPv6 address (no brackets) writes inside itself, as bytes; none for an IPv4 one or no address. */
export function embeddedIpv4s(address: string): number[][] {
  const bytes = ipv6Bytes(address);
  return bytes === undefined ? [] : embeddedIpv4(bytes).map(({ v4 }) => v4);
}

function checkIpv4(bytes: readonly number[]): AddressVerdict {
  const blocked = BLOCKED_V4.find((range) => inRange(bytes, range));
  if (blocked) return { blocked: blocked.why };
  return { loopback: bytes[0] === 127 };
}

/** Classifies an IP address (IPv4 dotted quad or IPv6, without brackets). Anything else is refused. */
export function checkAddress(address: string): AddressVerdict {
  const v4 = ipv4Bytes(address);
  if (v4) return checkIpv4(v4);
  const bytes = ipv6Bytes(address);
  if (!bytes) return { blocked: 'not an IP address' };
  if (zeros(bytes, 0, 15) && bytes[15] === 1) return { loopback: true };
  const blocked = blockedV6Ranges().find((range) => inRange(bytes, range));
  if (blocked) return { blocked: blocked.why };
  let loopback = false;
  for (const { form, v4: inner } of embeddedIpv4(bytes)) {
    const verdict = checkIpv4(inner);
    if (verdict.blocked !== undefined) return { blocked: `${verdict.blocked}, written as ${form}` };
    // Only a mapped address is connected to as the IPv4 address itself; 127/8 elsewhere is someone else's.
    if (form === 'IPv4-mapped') loopback = verdict.loopback;
  }
  return { loopback };
}

/** An IP literal of a URL host (`[…]` for IPv6), or undefined for a host name. */
export function hostAddress(hostname: string): string | undefined {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIPv4(host) || isIPv6(host) ? host : undefined;
}
