import { describe, expect, it } from 'vitest';
import type { Resolver } from '../net';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { checkEntryAddress, checkResolvedEntryAddress, registryReach } from './entry-address';

describe('checkEntryAddress', () => {
  it('takes the reach of the registry from its address: a name is public', () => {
    expect(registryReach('https://registry.modelcontextprotocol.io')).toBe('public');
    expect(registryReach('http://127.0.0.1:4000')).toBe('loopback');
    expect(registryReach('https://10.1.2.3')).toBe('private');
  });

  it.each([
    ['http://127.0.0.1:6379/mcp', 'it points at this computer'], ['http://localhost:47781/mcp', 'it points at this computer'], ['http://[::1]/mcp', 'it points at this computer'],
    ['http://192.168.1.1/cgi-bin/x', 'it points at a private network'], ['https://10.0.0.5/mcp', 'it points at a private network'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local or cloud-metadata'], ['http://metadata.google.internal/x', 'link-local or cloud-metadata'],
  ])('refuses %s from a registry on the internet', (url, why) => {
    expect(() => checkEntryAddress(url, 'remote', 'public')).toThrow(why);
  });

  it('lets a registry on this computer or a private network name servers as close as itself, never a metadata address', () => {
    expect(() => checkEntryAddress('http://127.0.0.1:6379/mcp', 'remote', 'loopback')).not.toThrow();
    expect(() => checkEntryAddress('https://10.0.0.5/mcp', 'remote', 'private')).not.toThrow();
    expect(() => checkEntryAddress('http://127.0.0.1:6379/mcp', 'remote', 'private')).toThrow('it points at this computer');
    expect(() => checkEntryAddress('http://169.254.169.254/', 'remote', 'loopback')).toThrow('cloud-metadata');
    expect(() => checkEntryAddress('https://weather.example/mcp', 'remote', 'public')).not.toThrow();
  });
});

/** /etc/hosts as Debian and most systems write it, and a public name. */
const HOSTS: Record<string, string[]> = {
  'ip6-localhost': ['::1'],
  'ip6-loopback': ['::1'],
  'localhost.localdomain': ['127.0.0.1'],
  'this-laptop': ['127.0.1.1'],
  'nas.lan.test': ['192.168.1.20'],
  'meta.example.test': ['169.254.169.254'],
  'mixed.example.test': ['203.0.113.7', '127.0.0.1'],
  'weather.example': ['203.0.113.7'],
};
function hostsResolver(): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolver: Resolver = (hostname) => {
    asked.push(hostname);
    const answer = HOSTS[hostname];
    if (answer === undefined) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  return Object.assign(resolver, { asked });
}

describe('checkResolvedEntryAddress: a name is judged by its addresses, not by how it is spelled', () => {
  it.each([
    ['https://ip6-localhost/mcp', 'ip6-localhost resolves to ::1: it points at this computer'],
    ['https://ip6-loopback:8443/mcp', 'ip6-loopback resolves to ::1: it points at this computer'],
    ['https://localhost.localdomain/mcp', 'localhost.localdomain resolves to 127.0.0.1: it points at this computer'],
    ['https://this-laptop/mcp', 'this-laptop resolves to 127.0.1.1: it points at this computer'],
    ['https://nas.lan.test/mcp', 'nas.lan.test resolves to 192.168.1.20: it points at a private network'],
    ['https://meta.example.test/latest', 'meta.example.test resolves to 169.254.169.254: it points at a link-local or cloud-metadata address'],
    ['https://mixed.example.test/mcp', 'mixed.example.test resolves to 127.0.0.1: it points at this computer'],
  ])('refuses %s from a registry on the internet', async (url, why) => {
    await expect(checkResolvedEntryAddress(url, 'remote', 'public', hostsResolver())).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining(why) as string });
  });

  it('passes a public name, and one that does not resolve (nothing can connect to it); checks written hosts first, without a lookup', async () => {
    const resolver = hostsResolver();
    await checkResolvedEntryAddress('https://weather.example/mcp', 'remote', 'public', resolver);
    await checkResolvedEntryAddress('https://gone.example/mcp', 'remote', 'public', resolver);
    await expect(checkResolvedEntryAddress('https://127.0.0.1/mcp', 'remote', 'public', resolver)).rejects.toThrow('it points at this computer');
    await expect(checkResolvedEntryAddress('https://app.localhost/mcp', 'remote', 'public', resolver)).rejects.toThrow('it points at this computer');
    expect(resolver.asked).toEqual(['weather.example', 'gone.example']);
  });

  it('a registry on a private network may name its LAN, not this computer; one on this computer looks nothing up', async () => {
    await checkResolvedEntryAddress('https://nas.lan.test/mcp', 'remote', 'private', hostsResolver());
    await expect(checkResolvedEntryAddress('https://ip6-localhost/mcp', 'remote', 'private', hostsResolver())).rejects.toThrow('it points at this computer');
    const resolver = scriptedResolver(['169.254.169.254']);
    await checkResolvedEntryAddress('https://ip6-localhost/mcp', 'remote', 'loopback', resolver);
    expect(resolver.calls).toEqual([]);
  });
});
