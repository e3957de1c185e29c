import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';

// The person presses Connect, then Stop before anything came back: the stop, asked last, wins. Both
// pass the API's door in as many awaits, so the connect takes its count of stops before the stop lands.
describe('App API: stopServer asked right after connect', () => {
  let root = '';
  let core: Core | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-stop-after-connect-'));
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { f: faultServer('normal') } }));
    core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    await core.api.approveServer({ name: 'f' });
  });

  afterEach(async () => {
    await core?.close();
    core = undefined;
    await rm(root, { recursive: true, force: true });
  });

  it('leaves the server stopped and fails the connect as stopped while starting', async () => {
    if (!core) throw new Error('no core');
    const { api } = core;
    expect((await api.connect({ name: 'f' })).state).toBe('ready');
    expect((await api.stopServer({ name: 'f' })).state).toBe('stopped');

    const connecting = rejection(api.connect({ name: 'f' }));
    const stopping = api.stopServer({ name: 'f' });
    expect((await stopping).state).toBe('stopped');
    expect((await connecting).message).toBe('"f" was stopped while starting');
    const shown = (await api.status({})).servers.find((s) => s.name === 'f');
    expect(shown?.state).toBe('stopped');
  }, 60_000);
});
