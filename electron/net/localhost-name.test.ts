import { describe, expect, it } from 'vitest';
import { isLocalhostName } from './localhost-name';
import { literalReach } from './reach';

describe('localhost names (RFC 6761 §6.3): this computer, never looked up', () => {
  it('are localhost and every name under it, any case, with or without the trailing dot', () => {
    for (const host of ['localhost', 'LOCALHOST', 'localhost.', 'app.localhost', 'a.b.localhost.', 'Admin.LocalHost']) expect(isLocalhostName(host), host).toBe(true);
    for (const host of ['localhost.example.com', 'notlocalhost', 'localhostx', 'ip6-localhost', 'localhost.localdomain', '127.0.0.1', '']) expect(isLocalhostName(host), host).toBe(false);
  });

  it('give a configured server URL the loopback reach without a lookup', () => {
    expect(literalReach('http://app.localhost:3000/mcp')).toBe('loopback');
    expect(literalReach('https://a.b.LOCALHOST./mcp')).toBe('loopback');
    expect(literalReach('https://localhost.example.com/mcp')).toBeUndefined();
  });
});
