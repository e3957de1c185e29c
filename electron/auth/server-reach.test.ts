import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import type { Resolver } from './endpoint-fetch';
import { pinnedServerReach, serverReach } from './server-reach';
import { validateEndpointUrl } from './url-safety';
import { rejection } from '../../test/support/rejection';
import { scriptedResolver } from '../../test/support/scripted-resolver';

describe('serverReach: a server configured by host name is as far as its addresses (review: named servers counted private)', () => {
  it('classifies a name by what it resolves to, through the resolver given', async () => {
    const publicName = scriptedResolver(['93.184.216.34', '2606:2800:220:1::1']);
    expect(await serverReach('https://mcp.example.com/mcp', publicName)).toBe('public');
    expect(publicName.calls).toEqual(['mcp.example.com']);
    expect(await serverReach('https://mcp.intranet.test/mcp', scriptedResolver(['10.0.0.5', 'fd00::5']))).toBe('private');
    expect(await serverReach('https://box.test/mcp', scriptedResolver(['127.0.1.1']))).toBe('loopback');
    expect(await serverReach('https://box.test/mcp', scriptedResolver(['::1', '127.0.0.1']))).toBe('loopback');
  });

  it('a public server by name may no longer name private endpoints (it could before: names counted private)', async () => {
    const reach = await serverReach('https://mcp.example.com/mcp', scriptedResolver(['93.184.216.34']));
    expect(() => validateEndpointUrl('https://10.0.0.1/token', 'the token_endpoint', reach)).toThrow(/private network/);
    expect(() => validateEndpointUrl('http://127.0.0.1:6379/', 'the token_endpoint', reach)).toThrow(/not on this computer/);
  });

  it('mixed answers: the farthest address wins, so a name cannot widen its reach by adding one', async () => {
    expect(await serverReach('https://mixed.test/mcp', scriptedResolver(['93.184.216.34', '10.0.0.5']))).toBe('public');
    expect(await serverReach('https://mixed.test/mcp', scriptedResolver(['127.0.0.1', '93.184.216.34']))).toBe('public');
    expect(await serverReach('https://mixed.test/mcp', scriptedResolver(['127.0.0.1', '192.168.1.9']))).toBe('private');
  });

  it('keeps the answer it was told from, for the requests of the same step to connect to', async () => {
    const told = await pinnedServerReach('https://mcp.example.com/mcp', scriptedResolver(['127.0.0.1'], ['93.184.216.34']));
    expect(told).toEqual({ reach: 'loopback', pins: new Map([['mcp.example.com', [{ address: '127.0.0.1', family: 4 }]]]) });
    expect((await pinnedServerReach('https://10.1.2.3/mcp', scriptedResolver(['93.184.216.34']))).pins.size).toBe(0);
  });

  it('localhost, IP literals and stdio servers need no lookup', async () => {
    const resolver = scriptedResolver(['93.184.216.34']);
    expect(await serverReach('http://localhost:3000/mcp', resolver)).toBe('loopback');
    expect(await serverReach('http://127.0.0.1:3000/mcp', resolver)).toBe('loopback');
    expect(await serverReach('https://10.1.2.3/mcp', resolver)).toBe('private');
    expect(await serverReach('https://[2606:2800:220:1::1]/mcp', resolver)).toBe('public');
    expect(await serverReach('stdio://machine', resolver)).toBe('loopback');
    expect(resolver.calls).toEqual([]);
  });

  it('asked each time, never kept: the next sign-in sees the name as it resolves then', async () => {
    const resolver = scriptedResolver(['10.0.0.5'], ['93.184.216.34']);
    expect(await serverReach('https://moved.test/mcp', resolver)).toBe('private');
    expect(await serverReach('https://moved.test/mcp', resolver)).toBe('public');
    expect(resolver.calls).toEqual(['moved.test', 'moved.test']);
  });

  it('a name that does not resolve is refused, not guessed', async () => {
    const failing: Resolver = () => Promise.reject(new Error('getaddrinfo ENOTFOUND mcp.example.com'));
    const error = await rejection(serverReach('https://mcp.example.com/mcp', failing));
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ code: 'server_unavailable', data: { host: 'mcp.example.com' } });
    expect(error.message).toContain('Could not resolve mcp.example.com');
    expect(error.message).toContain('so nothing was sent');
    expect(await rejection(serverReach('https://mcp.example.com/mcp', scriptedResolver([])))).toMatchObject({ code: 'server_unavailable' });
  });

  it('a name resolving to a metadata address is refused', async () => {
    const error = await rejection(serverReach('https://mcp.example.com/mcp', scriptedResolver(['93.184.216.34', '169.254.169.254'])));
    expect(error).toMatchObject({ code: 'denied' });
    expect(error.message).toContain('mcp.example.com resolves to 169.254.169.254');
  });
});
