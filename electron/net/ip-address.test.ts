import type * as Net from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { checkAddress, hostAddress, ipv6Bytes } from './ip-address';

describe('checkAddress: refused in every form', () => {
  it.each([
    // The metadata address, plain and inside IPv6 (the forms the security review found passing).
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['169.254.170.2', 'link-local'],
    ['::ffff:169.254.169.254', 'IPv4-mapped'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'IPv4-mapped'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated'],
    ['::ffff:0:169.254.169.254', 'IPv4-translated'],
    ['64:ff9b::a9fe:a9fe', 'NAT64'],
    ['64:ff9b::169.254.169.254', 'NAT64'],
    ['64:ff9b:1::a9fe:a9fe', 'NAT64'],
    // RFC 6052 §2.2 /48 layout: the u octet (bits 64-71) sits between the halves.
    ['64:ff9b:1:a9fe:a9:fe00::', 'NAT64'],
    ['64:ff9b:1:a9:fe:a9fe::', 'NAT64'],
    ['::a9fe:a9fe', 'IPv4-compatible'],
    ['2002:a9fe:a9fe::1', '6to4'],
    ['fe80::1', 'fe80::/10'],
    ['fe80::1%eth0', 'fe80::/10'],
    ['FEBF::1', 'fe80::/10'],
    ['fd00:ec2::254', 'AWS'],
    ['fd00:0ec2:0000::0254', 'AWS'],
    ['fd20:ce::254', 'Google'],
    ['fd00:c1::a9fe:a9fe', 'Oracle'],
    ['168.63.129.16', 'Azure'],
    ['::ffff:168.63.129.16', 'Azure'],
    ['64:ff9b::a83f:8110', 'Azure'],
    ['100.100.100.200', 'Alibaba'],
    ['64:ff9b::6464:64c8', 'Alibaba'],
    ['192.0.0.192', 'Oracle'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['metadata.google.internal', 'not an IP address'],
    ['', 'not an IP address'],
    ['1.2.3', 'not an IP address'],
  ])('%s', (address, why) => {
    const verdict = checkAddress(address);
    expect(verdict.blocked).toContain(why);
  });
});

describe('checkAddress: allowed', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.4.5.6', true],
    ['::1', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['192.168.1.10', false],
    ['93.184.216.34', false],
    ['169.255.0.1', false],
    ['168.63.129.17', false],
    ['100.100.100.201', false],
    ['2606:4700:4700::1111', false],
    ['64:ff9b::808:808', false],
    ['fec0::1', false],
    // 127/8 behind NAT64 is the translator's loopback, not ours.
    ['64:ff9b::7f00:1', false],
  ])('%s (loopback: %s)', (address, loopback) => {
    expect(checkAddress(address)).toEqual({ loopback });
  });
});

describe('address parsing', () => {
  it('expands IPv6 with a dotted tail, a zone and compression', () => {
    expect(ipv6Bytes('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect(ipv6Bytes('fe80::1%lo0')?.slice(0, 2)).toEqual([0xfe, 0x80]);
    expect(ipv6Bytes('1::')).toEqual([0, 1, ...Array<number>(14).fill(0)]);
    expect(ipv6Bytes('not-an-address')).toBeUndefined();
  });

  it('tells IP literals of URL hosts from names', () => {
    expect(hostAddress('[::1]')).toBe('::1');
    expect(hostAddress('169.254.169.254')).toBe('169.254.169.254');
    expect(hostAddress('example.com')).toBeUndefined();
  });
});

describe('start-up cost', () => {
  it('checks no IPv6 address on import (the first isIPv6() compiles a large pattern every CLI command paid)', async () => {
    vi.resetModules();
    const net = await vi.importActual<typeof Net>('node:net');
    const isIPv6 = vi.fn(net.isIPv6);
    vi.doMock('node:net', () => ({ ...net, isIPv6 }));
    try {
      const fresh = await import('./ip-address');
      expect(isIPv6).not.toHaveBeenCalled();
      expect(fresh.checkAddress('fd00:ec2::254')).toEqual({ blocked: "AWS's metadata address" });
      expect(isIPv6).toHaveBeenCalled();
    } finally {
      vi.doUnmock('node:net');
      vi.resetModules();
    }
  });
});
