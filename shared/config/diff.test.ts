import { describe, expect, it } from 'vitest';
import { diffServers, sameConnection } from './diff';
import { isToolAllowed } from './tool-policy';

describe('diffServers', () => {
  it('sorts servers into added, changed, removed and unchanged; key order is no change', () => {
    const diff = diffServers(
      { mcpServers: { same: { command: 'a', args: ['1'], env: { X: '1', Y: '2' } }, edited: { command: 'b' }, gone: { command: 'c' } } },
      { mcpServers: { same: { env: { Y: '2', X: '1' }, args: ['1'], command: 'a' }, edited: { command: 'b', args: ['new'] }, fresh: { command: 'd' } } },
    );
    expect(diff).toEqual({ added: ['fresh'], changed: ['edited'], removed: ['gone'], unchanged: ['same'] });
  });

  it('adds and removes servers named like what every JavaScript object has (valueOf, constructor)', () => {
    const names = ['valueOf', 'constructor', 'toString', 'hasOwnProperty'];
    const entries = Object.fromEntries(names.map((name) => [name, { command: 'x' }]));
    expect(diffServers({ mcpServers: {} }, { mcpServers: entries }).added).toEqual(names);
    expect(diffServers({ mcpServers: entries }, { mcpServers: {} }).removed).toEqual(names);
    expect(diffServers({ mcpServers: entries }, { mcpServers: entries }).unchanged).toEqual(names);
  });
});

describe('sameConnection', () => {
  const stdio = { command: 'node', args: ['a.js'], env: { A: '1' }, cwd: '/srv' };
  const http = { type: 'http' as const, url: 'https://mcp.example.com/mcp', headers: { 'X-A': '1' } };

  it('ignores the fields read per call: description, timeoutMs, timeouts, idleTimeoutMs, tools, enabled', () => {
    const policy = { description: 'd', timeoutMs: 5000, timeouts: { slow: 300 }, idleTimeoutMs: 500, tools: { deny: ['x'] }, enabled: false };
    expect(sameConnection(stdio, { ...stdio, ...policy })).toBe(true);
    expect(sameConnection(http, { ...http, ...policy })).toBe(true);
    expect(sameConnection(stdio, { ...stdio, type: 'stdio' })).toBe(true);
  });

  it.each([
    ['command', { command: 'bun' }],
    ['args', { args: ['b.js'] }],
    ['env', { env: { A: '2' } }],
    ['cwd', { cwd: '/tmp' }],
    ['startupTimeoutMs', { startupTimeoutMs: 1000 }],
    ['auth', { auth: { type: 'none' as const } }],
  ])('sees a change of %s in a stdio server', (_field, change) => {
    expect(sameConnection(stdio, { ...stdio, ...change })).toBe(false);
  });

  it.each([
    ['url', { url: 'https://other.example.com/mcp' }],
    ['headers', { headers: { 'X-A': '2' } }],
    ['auth', { auth: { type: 'api_key' as const } }],
  ])('sees a change of %s in an http server', (_field, change) => {
    expect(sameConnection(http, { ...http, ...change })).toBe(false);
  });

  it('sees a change of transport', () => {
    expect(sameConnection(stdio, http)).toBe(false);
  });
});

describe('isToolAllowed', () => {
  it('lets deny win, and treats an allow list as exhaustive', () => {
    expect(isToolAllowed(undefined, 'x')).toBe(true);
    expect(isToolAllowed({ deny: ['write_*'] }, 'write_file')).toBe(false);
    expect(isToolAllowed({ deny: ['write_*'] }, 'read_file')).toBe(true);
    expect(isToolAllowed({ allow: ['read_*', 'list'] }, 'list')).toBe(true);
    expect(isToolAllowed({ allow: ['read_*'], deny: ['read_secret'] }, 'read_secret')).toBe(false);
    expect(isToolAllowed({ allow: ['read_*'] }, 'delete')).toBe(false);
    expect(isToolAllowed({ allow: ['a.b'] }, 'axb')).toBe(false);
  });
});
