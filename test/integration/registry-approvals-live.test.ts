import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { openRegistry, type Registry, type RegistryEvents } from '../../electron/registry';
import type { ServerStatus } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../fixtures/servers/harness';

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
});
