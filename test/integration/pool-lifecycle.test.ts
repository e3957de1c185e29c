import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, shellQuote, type Pool, type PoolOptions } from '../../electron/pool';
import { CodedError } from '../../shared/errors';
import type { McpConfig, ServerConfig } from '../../shared/config';
import { faultServer } from '../fixtures/servers/config';
import { StateLog, isAlive, tempDir, textOf, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function newPool(options: Partial<PoolOptions> = {}) {
  const log = new StateLog();
  const pool = createPool({ cacheDir: options.cacheDir ?? tempDir('pool-life-'), ...options });
  pools.push(pool);
  pool.on('state', log.listener);
  return { pool, log };
}


const pidOf = async (pool: Pool, name: string): Promise<number> => Number(textOf(await pool.callTool(name, 'pid', {})));

describe('pool: lazy start and the inventory cache', () => {
  it('spawns nothing until a call, then serves tools from the cache in a new pool without spawning', async () => {
    const cacheDir = tempDir('pool-cache-');
    const first = newPool({ cacheDir });
    await first.pool.apply({ mcpServers: { f: faultServer() } });
    expect(first.pool.status('f')).toMatchObject({ state: 'idle', toolCount: 0 });
    expect(await first.pool.tools()).toEqual([]);
    expect(first.log.states('f')).toEqual(['idle']);
    const result = await first.pool.callTool('f', 'slow', { ms: 0 });
    expect(textOf(result)).toBe('slept 0');
    expect(first.log.states('f')).toEqual(['idle', 'starting', 'ready']);
    const names = (await first.pool.tools('f')).map((t) => t.name);
    expect(names).toContain('slow');
    await first.pool.close();
    expect(existsSync(join(cacheDir, 'f.json'))).toBe(true);

    const second = newPool({ cacheDir });
    await second.pool.apply({ mcpServers: { f: faultServer() } });
    expect((await second.pool.tools('f')).map((t) => t.name)).toEqual(names);
    expect((await second.pool.resources('f')).resources.map((r) => r.uri)).toEqual(['fixture://hello', 'fixture://string-id']);
    expect((await second.pool.prompts('f')).map((p) => p.name)).toEqual(['greet']);
    const status = second.pool.status('f');
    expect(status).toMatchObject({ state: 'idle', toolCount: names.length, resourceCount: 2, promptCount: 1 });
    expect(status.inventoryUpdatedAt).toBeTypeOf('number');
    // Nothing was started: the only state this server has been in is idle.
    expect(second.log.events.filter((e) => e.name === 'f').map((e) => e.state)).toEqual(['idle']);
    expect(second.pool.inventoryStale('f')).toBe(false);

    // A changed config marks the cache stale but keeps showing it.
    await second.pool.apply({ mcpServers: { f: faultServer('normal', { EXTRA: '1' }) } });
    expect(second.pool.inventoryStale('f')).toBe(true);
    expect((await second.pool.tools('f')).map((t) => t.name)).toEqual(names);
    expect(second.pool.status('f').state).toBe('idle');
    await second.pool.start('f');
    expect(second.pool.inventoryStale('f')).toBe(false);
  });
});

describe('pool: apply()', () => {
  it('adds idle, restarts changed running servers, stops removed ones, leaves unchanged ones alone', async () => {
    const cacheDir = tempDir('pool-apply-');
    const { pool, log } = newPool({ cacheDir });
    const before: McpConfig = {
      mcpServers: { same: faultServer(), changed: faultServer(), idleChanged: faultServer(), removed: faultServer() },
    };
    expect(await pool.apply(before)).toEqual({ added: ['same', 'changed', 'idleChanged', 'removed'], changed: [], removed: [], unchanged: [] });
    const samePid = await pidOf(pool, 'same');
    const changedPid = await pidOf(pool, 'changed');
    const removedPid = await pidOf(pool, 'removed');
    expect(existsSync(join(cacheDir, 'removed.json'))).toBe(true);

    const mark = log.mark();
    const diff = await pool.apply({
      mcpServers: {
        same: faultServer(),
        changed: faultServer('normal', { VERSION: '2' }),
        idleChanged: faultServer('normal', { VERSION: '2' }),
        added: faultServer(),
      },
    });
    expect(diff).toEqual({ added: ['added'], changed: ['changed', 'idleChanged'], removed: ['removed'], unchanged: ['same'] });

    expect(await pidOf(pool, 'same')).toBe(samePid);
    expect(log.events.slice(mark).filter((e) => e.name === 'same')).toEqual([]);

    expect(pool.status('changed').state).toBe('ready');
    expect(log.events.slice(mark).filter((e) => e.name === 'changed').map((e) => e.state)).toEqual(['stopped', 'starting', 'ready']);
    expect(await pidOf(pool, 'changed')).not.toBe(changedPid);
    expect(isAlive(changedPid)).toBe(false);
    const env = JSON.parse(textOf(await pool.callTool('changed', 'env', {}))) as Record<string, string>;
    expect(env['VERSION']).toBe('2');

    // Its new config is announced, but nothing is started.
    expect(log.events.slice(mark).filter((e) => e.name === 'idleChanged').map((e) => e.state)).toEqual(['idle']);
    expect(pool.status('idleChanged').state).toBe('idle');

    expect(pool.status('added').state).toBe('idle');
    expect(() => pool.status('removed')).toThrow(CodedError);
    expect(isAlive(removedPid)).toBe(false);
    expect(existsSync(join(cacheDir, 'removed.json'))).toBe(false);
    expect(pool.statuses().map((s) => s.name)).toEqual(['same', 'changed', 'idleChanged', 'added']);
  });

  it('stops a running server that gets disabled, and refuses its calls', async () => {
    const { pool } = newPool();
    await pool.apply({ mcpServers: { f: faultServer() } });
    const pid = await pidOf(pool, 'f');
    await pool.apply({ mcpServers: { f: { ...faultServer(), enabled: false } } });
    expect(isAlive(pid)).toBe(false);
    expect(pool.status('f')).toMatchObject({ state: 'stopped', enabled: false, toolCount: 0 });
    expect(await pool.tools('f')).toEqual([]);
    expect(await pool.tools()).toEqual([]);
    const error = await rejection(pool.callTool('f', 'slow', { ms: 0 }));
    expect(error.code).toBe('denied');
    expect(error.hint).toContain('"enabled": true');
    expect((await rejection(pool.start('f'))).code).toBe('denied');
  });

  it('hides tools denied by the tools policy and refuses to call them', async () => {
    const { pool } = newPool();
    await pool.apply({ mcpServers: { f: { ...faultServer(), tools: { deny: ['crash', 'env*'] } } } });
    // Refused before anything spawns.
    expect((await rejection(pool.callTool('f', 'env', {}))).code).toBe('denied');
    expect(pool.status('f').state).toBe('idle');
    await pool.start('f');
    const names = (await pool.tools('f')).map((t) => t.name);
    expect(names).toContain('slow');
    expect(names).not.toContain('crash');
    expect(names).not.toContain('env');
    expect(pool.status('f').toolCount).toBe(names.length);
    const error = await rejection(pool.callTool('f', 'crash', {}));
    expect(error.code).toBe('denied');
    expect(error.hint).toContain('"tools" policy');
    expect(pool.status('f')).toMatchObject({ state: 'ready', crashes: 0 });
  });

  it('stamps states with the injected clock', async () => {
    let now = 1000;
    const { pool } = newPool({ now: () => now });
    await pool.apply({ mcpServers: { f: { command: 'connected-services-no-such-command' } } });
    expect(pool.status('f')).toMatchObject({ state: 'idle', since: 1000, history: [{ state: 'idle', at: 1000 }] });
    now = 2000;
    await rejection(pool.start('f'));
    const status = pool.status('f');
    expect(status.since).toBe(2000);
    expect(status.history.map((h) => [h.state, h.at, h.error?.code])).toEqual([
      ['idle', 1000, undefined],
      ['starting', 2000, undefined],
      ['error', 2000, 'server_unavailable'],
    ]);
  });

  it('refuses everything once closed; close() is idempotent', async () => {
    const { pool } = newPool();
    await pool.apply({ mcpServers: { f: faultServer() } });
    await Promise.all([pool.close(), pool.close()]);
    expect((await rejection(pool.callTool('f', 'slow', { ms: 0 }))).code).toBe('server_unavailable');
    await pool.close();
  });

  it('rejects calls to an unknown server with not_found', async () => {
    const { pool } = newPool();
    await pool.apply({ mcpServers: {} });
    expect((await rejection(pool.callTool('nope', 'x', {}))).code).toBe('not_found');
    expect((await rejection(pool.tools('nope'))).code).toBe('not_found');
  });
});

describe('pool: processes and environment', () => {
  it('kills the whole process group on stop, grandchildren included', async () => {
    const { pool } = newPool({ stopGraceMs: 500 });
    await pool.apply({ mcpServers: { f: faultServer() } });
    const serverPid = await pidOf(pool, 'f');
    const grandchild = Number(textOf(await pool.callTool('f', 'spawnChild', {})));
    expect(isAlive(grandchild)).toBe(true);
    expect((await pool.stop('f')).state).toBe('stopped');
    expect(isAlive(serverPid)).toBe(false);
    await waitFor('the grandchild to die', () => !isAlive(grandchild), 5000);
  });

  it('gives a stdio server a minimal environment plus its own env, never the app secrets', async () => {
    const given = {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      FOO_SECRET: 'app-secret-must-not-leak',
      OPENAI_API_KEY: 'sk-must-not-leak',
    };
    const { pool } = newPool({ env: given });
    await pool.apply({ mcpServers: { f: faultServer('normal', { MY_SETTING: 'visible' }) } });
    const env = JSON.parse(textOf(await pool.callTool('f', 'env', {}))) as Record<string, string>;
    expect(env['MY_SETTING']).toBe('visible');
    expect(env['PATH']).toBe(process.env['PATH']);
    expect(env['FOO_SECRET']).toBeUndefined();
    expect(env['OPENAI_API_KEY']).toBeUndefined();
    expect(JSON.stringify(env)).not.toContain('must-not-leak');
    // Nothing of the test runner's own environment either.
    expect(Object.keys(env).filter((k) => k.startsWith('VITEST'))).toEqual([]);
  });
});

describe('pool: gate, resolve, approval', () => {
  it('asks the gate before every spawn and stays idle when refused', async () => {
    let allow = false;
    const asked: string[] = [];
    const { pool, log } = newPool({
      gate: (name, config) => {
        asked.push(`${name}:${'command' in config ? config.command : config.url}`);
        return allow ? null : new CodedError('denied', `"${name}" is not approved: API_KEY=hunter22222`, { hint: 'approve it in the app' });
      },
      approval: () => (allow ? 'approved' : 'pending'),
    });
    await pool.apply({ mcpServers: { f: faultServer() } });
    const error = await rejection(pool.start('f'));
    expect(error).toMatchObject({ code: 'denied', hint: 'approve it in the app' });
    expect(error.message).toBe('"f" is not approved: API_KEY=[redacted]');
    expect(pool.status('f')).toMatchObject({ state: 'idle', approval: 'pending', lastError: { code: 'denied' } });
    expect((await rejection(pool.callTool('f', 'slow', { ms: 0 }))).code).toBe('denied');
    expect(log.states('f').every((s) => s === 'idle')).toBe(true);
    allow = true;
    expect(textOf(await pool.callTool('f', 'slow', { ms: 0 }))).toBe('slept 0');
    expect(pool.status('f').approval).toBe('approved');
    // Approved and started: "not approved" is no longer its last error.
    expect(pool.status('f')).toMatchObject({ state: 'ready' });
    expect(pool.status('f').lastError).toBeUndefined();
    expect(asked).toEqual([`f:${process.execPath}`, `f:${process.execPath}`, `f:${process.execPath}`]);
  });

  it('resolves references just before spawning, and shows the command line redacted', async () => {
    const resolved: string[] = [];
    const { pool } = newPool({
      resolve: (name, config: ServerConfig) => {
        resolved.push(name);
        if (!('command' in config)) return Promise.resolve(config);
        return Promise.resolve({ ...config, env: { ...config.env, SERVICE_TOKEN: 'resolved-value-123' } });
      },
    });
    const config = faultServer('normal', { SERVICE_TOKEN: '${secret:token}' }, { args: [...faultServer().args!, '--api-key=abcdef123456'], description: 'Faults on request; key=abcdef123456' });
    await pool.apply({ mcpServers: { f: config } });
    expect(resolved).toEqual([]);
    expect(pool.status('f').description).toBe('Faults on request; key=[redacted]');
    const env = JSON.parse(textOf(await pool.callTool('f', 'env', {}))) as Record<string, string>;
    expect(env['SERVICE_TOKEN']).toBe('resolved-value-123');
    expect(resolved).toEqual(['f']);
    // The folder it runs in leads the line (fixtures run from the repository root).
    expect(pool.status('f').commandLine).toBe(`cd ${shellQuote(config.cwd ?? '')} && ${[process.execPath, ...faultServer().args!].join(' ')} --api-key=[redacted]`);
  });
});
