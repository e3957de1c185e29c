import { describe, expect, it } from 'vitest';
import { checkEntryAddress, registryReach } from './entry-address';

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
