import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { openRegistry, type Registry, type RegistryEvents } from '../../electron/registry';
import type { ServerStatus } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';

const tool = faultServer();
const other = faultServer('normal', { WHICH: 'other' });

describe('approvals made by another process (the CLI) while running', () => {
  let root = '';
  const closers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-approvals-live-'));
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { tool, other } }));
  });

  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await rm(root, { recursive: true, force: true });
  });

  async function cli(): Promise<Registry> {
    const registry = await openRegistry({ dataDir: root });
    closers.push(() => registry.close());
    return registry;
  }

  it('registry: reports which servers an external approval changed', async () => {
    const registry = await openRegistry({ dataDir: root, debounceMs: 40 });
    closers.push(() => registry.close());
    registry.watch();
    const seen: RegistryEvents['approvals'][] = [];
    registry.on('approvals', (payload) => seen.push(payload));

    await (await cli()).approvals.approve('tool', tool);
    const first = await waitFor('an approvals event', () => seen[0]);
    expect(first).toEqual({ servers: ['tool'] });
    expect(registry.approvals.status('tool', tool)).toBe('approved');
    expect(registry.approvals.status('other', other)).toBe('pending');
  });

  it('core: the UI gets the server state again with its new approval', async () => {
    const core: Core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory', watch: true });
    closers.push(() => core.close());
    const states: ServerStatus[] = [];
    core.api.on('serverState', (status) => states.push(status));
    const { servers } = await core.api.status({});
    expect(servers.map((s) => [s.name, s.approval])).toEqual([
      ['tool', 'pending'],
      ['other', 'pending'],
    ]);
    // Once status answered, the config is applied and its announcements are out.
    const mark = states.length;

    await (await cli()).approvals.approve('tool', tool);
    const update = await waitFor('a serverState event for "tool"', () => states.slice(mark).find((s) => s.name === 'tool'));
    expect(update).toMatchObject({ name: 'tool', approval: 'approved', state: 'idle' });
    // Only the server whose approval changed is published again; nothing was started.
    expect(states.slice(mark).filter((s) => s.name === 'other')).toEqual([]);
    expect((await core.api.status({})).servers.find((s) => s.name === 'tool')?.approval).toBe('approved');
  });

  it('approves only the command the person was shown', async () => {
    const core: Core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    closers.push(() => core.close());
    const shown = (await core.api.status({})).servers.find((s) => s.name === 'tool')?.commandLine ?? '';
    expect(shown).toContain('fault-server');
    await expect(core.api.approveServer({ name: 'tool', commandLine: `${shown} --other` })).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await core.api.status({})).servers.find((s) => s.name === 'tool')?.approval).toBe('pending');
    await core.api.approveServer({ name: 'tool', commandLine: shown });
    expect((await core.api.status({})).servers.find((s) => s.name === 'tool')?.approval).toBe('approved');
  });

  it('shows the whole entry and approves only that: an environment value changed since it was shown is refused', async () => {
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { tool: { ...tool, env: { ...tool.env, PYTHONUSERBASE: '/home/me/.local', API_TOKEN: '${secret:GH_TOKEN}' } } } }));
    const core: Core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    closers.push(() => core.close());
    const shown = (await core.api.status({})).servers.find((s) => s.name === 'tool')?.commandLine ?? '';
    // Every variable with its value as written, references unresolved.
    expect(shown).toContain("API_TOKEN='${secret:GH_TOKEN}' FAULT_MODE=normal PYTHONUSERBASE=/home/me/.local ");
    expect(shown).toContain('fault-server');

    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { tool: { ...tool, env: { ...tool.env, PYTHONUSERBASE: '/tmp/evil', API_TOKEN: '${secret:GH_TOKEN}' } } } }));
    await core.registry.reload();
    await expect(core.api.approveServer({ name: 'tool', commandLine: shown })).rejects.toMatchObject({ code: 'invalid_input' });
    const now = (await core.api.status({})).servers.find((s) => s.name === 'tool');
    expect(now).toMatchObject({ approval: 'pending' });
    expect(now?.commandLine).toContain('PYTHONUSERBASE=/tmp/evil');
  });

  it('never spawns an approved server once an environment value of its entry changed', async () => {
    const entry = (userBase: string) => ({ ...tool, env: { ...tool.env, PYTHONUSERBASE: userBase } });
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { tool: entry('/home/me/.local'), other } }));
    const core: Core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    closers.push(() => core.close());
    const shown = (await core.api.status({})).servers.find((s) => s.name === 'tool')?.commandLine ?? '';
    await core.api.approveServer({ name: 'tool', commandLine: shown });
    expect(core.pool.status('tool').approval).toBe('approved');

    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { tool: entry('/tmp/evil'), other } }));
    await core.registry.reload();
    await core.api.status({});
    expect(core.pool.status('tool').approval).toBe('pending');
    const refusal = await core.pool.start('tool').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'denied', data: { server: 'tool' } });
  });

  it('reports a new server with the same command as an approved one as pending', async () => {
    const core: Core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    closers.push(() => core.close());
    await core.api.approveServer({ name: 'tool' });
    await core.api.addServer({ name: 'copy', config: tool });
    const servers = (await core.api.status({})).servers;
    expect(servers.find((s) => s.name === 'tool')?.approval).toBe('approved');
    expect(servers.find((s) => s.name === 'copy')?.approval).toBe('pending');
  });
});
