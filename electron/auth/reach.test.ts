import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { AuthServerMetadataSchema } from './metadata';
import { fetchAuthServerMetadata } from './discovery';
import { checkedAddress } from './endpoint-fetch';
import { addressReach, farthest, literalReach, within } from '../net';
import { validateBrowserUrl, validateEndpointUrl } from './url-safety';

describe('reach: endpoints no closer than the MCP server (review: SSRF to loopback)', () => {
  it('classifies addresses and configured server URLs', () => {
    expect(addressReach('127.0.0.2')).toBe('loopback');
    expect(addressReach('::1')).toBe('loopback');
    expect(addressReach('10.1.2.3')).toBe('private');
    expect(addressReach('172.20.0.1')).toBe('private');
    expect(addressReach('192.168.1.1')).toBe('private');
    expect(addressReach('fd00::1')).toBe('private');
    expect(addressReach('::ffff:192.168.0.1')).toBe('private');
    expect(addressReach('192.0.2.2')).toBe('public');
    expect(addressReach('8.8.8.8')).toBe('public');
    expect(literalReach('http://127.0.0.1:3000/mcp')).toBe('loopback');
    expect(literalReach('http://localhost:3000/mcp')).toBe('loopback');
    expect(literalReach('https://10.0.0.5/mcp')).toBe('private');
    expect(literalReach('https://192.0.2.2/mcp')).toBe('public');
    // A host name is resolved (server-reach.test.ts), never assumed.
    expect(literalReach('https://mcp.example.com/mcp')).toBeUndefined();
    expect(literalReach('stdio://machine')).toBe('loopback');
    expect(literalReach('')).toBe('loopback');
    expect(farthest(['loopback', 'private', 'public'])).toBe('public');
    expect(farthest(['loopback', 'private'])).toBe('private');
    expect(farthest(['loopback'])).toBe('loopback');
    expect(within('public', 'loopback')).toBe(false);
    expect(within('private', 'loopback')).toBe(false);
    expect(within('loopback', 'private')).toBe(true);
  });

  it('an IPv4 address written inside an IPv6 one (NAT64, 6to4, compatible) is as close as the IPv4 one (review: NAT64 of 127.0.0.1 from a public server)', () => {
    expect(addressReach('64:ff9b::7f00:1')).toBe('loopback');
    expect(addressReach('2002:7f00:1::')).toBe('loopback');
    expect(addressReach('::7f00:1')).toBe('loopback');
    expect(addressReach('64:ff9b::a00:1')).toBe('private');
    expect(addressReach('2002:c0a8:105::1')).toBe('private');
    expect(addressReach('64:ff9b::808:808')).toBe('public');
    expect(addressReach('2002:808:808::1')).toBe('public');
    expect(literalReach('https://[64:ff9b::7f00:1]/mcp')).toBe('loopback');
    for (const url of ['https://[64:ff9b::7f00:1]/', 'https://[2002:7f00:1::]/', 'https://[64:ff9b::a00:1]/', 'https://[2002:c0a8:105::1]/']) {
      expect(() => validateBrowserUrl(url, 'to open', 'public'), url).toThrow(/this computer|private network/);
    }
    expect(validateBrowserUrl('https://[64:ff9b::7f00:1]/', 'to open', 'loopback').hostname).toBe('[64:ff9b::7f00:1]');
  });

  it('benchmarking (198.18/15), multicast and broadcast addresses are no public host: refused from a public server, as private ones', () => {
    for (const address of ['198.18.0.1', '198.19.255.254', '224.0.0.251', '239.255.255.250', '255.255.255.255', 'ff02::fb', 'ff05::1:3', '::ffff:198.18.0.1', '64:ff9b::e000:fb']) {
      expect(addressReach(address), address).toBe('private');
    }
    for (const address of ['198.17.255.255', '198.20.0.1', '223.255.255.255', 'fe00::1']) expect(addressReach(address), address).toBe('public');
    for (const url of ['https://198.18.0.1/', 'https://224.0.0.1/', 'https://255.255.255.255/', 'https://[ff02::1]/']) {
      expect(() => validateBrowserUrl(url, 'to open', 'public'), url).toThrow(/private network/);
      expect(validateBrowserUrl(url, 'to open', 'private').href).toBe(url);
    }
    expect(literalReach('https://198.18.0.7/mcp')).toBe('private');
  });

  it('the reserved 240/4 (RFC 1112 §4, "future use") is no public host: refused from a public server, as private ones', () => {
    for (const address of ['240.0.0.0', '240.0.0.1', '247.1.2.3', '250.10.20.30', '255.255.255.254', '::ffff:240.0.0.1', '64:ff9b::f000:1', '2002:f000:1::1']) {
      expect(addressReach(address), address).toBe('private');
    }
    expect(addressReach('239.255.255.255')).toBe('private');
    expect(addressReach('223.255.255.255')).toBe('public');
    for (const url of ['https://240.0.0.1/', 'https://250.1.2.3/token']) {
      expect(() => validateBrowserUrl(url, 'to open', 'public'), url).toThrow(/private network/);
      expect(() => validateEndpointUrl(url, 'the token_endpoint', 'public'), url).toThrow(/private network/);
      expect(validateBrowserUrl(url, 'to open', 'private').href).toBe(url);
    }
    expect(literalReach('https://245.0.0.7/mcp')).toBe('private');
  });

  it('a remote server’s endpoints may not name this computer (http or https), nor a private one from a public server', () => {
    for (const url of ['http://127.0.0.1:9999/steal', 'https://127.0.0.1/x', 'http://localhost:8080/admin', 'https://[::1]/x']) {
      expect(() => validateEndpointUrl(url, 'the token_endpoint', 'public')).toThrow(/not on this computer/);
      expect(() => validateEndpointUrl(url, 'the token_endpoint', 'private')).toThrow(/not on this computer/);
      expect(() => validateBrowserUrl(url, 'the authorization_endpoint', 'public')).toThrow(CodedError);
      expect(validateEndpointUrl(url, 'the token_endpoint', 'loopback').href).toBe(new URL(url).href);
    }
    expect(() => validateEndpointUrl('https://10.0.0.1/token', 'the token_endpoint', 'public')).toThrow(/private network/);
    expect(validateEndpointUrl('https://10.0.0.1/token', 'the token_endpoint', 'private').hostname).toBe('10.0.0.1');
  });

  it('a host name resolving to loopback or private addresses is refused for a public server', async () => {
    const resolver = (address: string) => () => Promise.resolve([{ address, family: 4 }]);
    const url = new URL('https://as.example.com/token');
    await expect(checkedAddress(url, resolver('127.0.0.1'), 'the endpoint', false, 'public')).rejects.toThrow(/not on this computer/);
    await expect(checkedAddress(url, resolver('127.0.0.1'), 'the endpoint', false, 'private')).rejects.toThrow(/not on this computer/);
    await expect(checkedAddress(url, resolver('10.0.0.7'), 'the endpoint', false, 'public')).rejects.toThrow(/private network/);
    await expect(checkedAddress(url, resolver('10.0.0.7'), 'the endpoint', false, 'private')).resolves.toHaveLength(1);
    await expect(checkedAddress(url, resolver('127.0.0.1'), 'the endpoint', false, 'loopback')).resolves.toHaveLength(1);
  });

  it('discovery refuses AS metadata of a remote server whose endpoints are on this computer', async () => {
    const issuer = 'https://as.example.com';
    const metadata = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: 'http://127.0.0.1:6379/token',
      code_challenge_methods_supported: ['S256'],
    };
    expect(AuthServerMetadataSchema.safeParse(metadata).success).toBe(true);
    const fetch = () => Promise.resolve(new Response(JSON.stringify(metadata), { status: 200, headers: { 'content-type': 'application/json' } }));
    const remote = { server: 'remote', serverUrl: 'https://192.0.2.2/mcp', reach: 'public' as const, fetch };
    await expect(fetchAuthServerMetadata(remote, issuer, [`${issuer}/.well-known/oauth-authorization-server`], true)).rejects.toThrow(/Refused the token_endpoint .*not on this computer/);
    const local = { ...remote, serverUrl: 'http://127.0.0.1:3000/mcp', reach: 'loopback' as const };
    await expect(fetchAuthServerMetadata(local, issuer, [`${issuer}/.well-known/oauth-authorization-server`], true)).resolves.toMatchObject({ token_endpoint: metadata.token_endpoint });
  });
});
