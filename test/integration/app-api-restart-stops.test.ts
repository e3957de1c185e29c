import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import type { ServerState } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { readPid, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';

// Restart and a changed entry stop the server on their own account, not the person's: a Connect under
// way is not failed by them, and a person's Stop asked during a restart is not undone by its start.
describe('App API: restartServer against Connect and Stop', () => {
  let root = '';
  let pidFile = '';
  let hold = '';
  let core: Core | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-restart-stops-'));
    pidFile = path.join(root, 'fault.pid');
    hold = path.join(root, 'hold');
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { f: faultServer('normal', { PID_FILE: pidFile, HOLD_ONCE: hold }) } }));
    core = await createCore({ dataDir: root, demo: false, env: {}, vaultProvider: 'memory' });
    await core.api.approveServer({ name: 'f' });
  });

  afterEach(async () => {
    await core?.close();
    core = undefined;
    await rm(root, { recursive: true, force: true });
  });

  const api = () => {
    if (!core) throw new Error('no core');
    return core.api;
  };

  it('Restart pressed while a Connect is under way: both end connected, to the restarted server', async () => {
    // The first copy takes the hold and never answers: the Connect is under way until the restart stops it.
    await writeFile(hold, '');
    const connecting = api().connect({ name: 'f' });
    await waitFor('the first copy to hold its start', () => existsSync(`${hold}.taken`), 60_000);
    const heldPid = readPid(pidFile);
    const restarting = api().restartServer({ name: 'f' });
    expect((await connecting).state).toBe('ready');
    expect((await restarting).state).toBe('ready');
    expect(readPid(pidFile)).not.toBe(heldPid);
    expect((await api().status({})).servers.find((row) => row.name === 'f')?.state).toBe('ready');
  }, 120_000);

  it('Stop pressed during a restart: the server stays stopped', async () => {
    expect((await api().connect({ name: 'f' })).state).toBe('ready');
    const states: ServerState[] = [];
    let stopping: Promise<unknown> | undefined;
    api().on('serverState', (status) => {
      if (status.name !== 'f') return;
      states.push(status.state);
      // Pressed as the restart's stop ends the old copy, before its start.
      if (status.state === 'stopped') stopping ??= api().stopServer({ name: 'f' });
    });
    const restarting = rejection(api().restartServer({ name: 'f' }));
    expect((await restarting).message).toBe('"f" was stopped while starting');
    await stopping;
    expect(stopping).toBeDefined();
    const shown = (await api().status({})).servers.find((row) => row.name === 'f');
    expect(shown?.state).toBe('stopped');
    expect(states).not.toContain('starting');
  }, 120_000);

  it('Stop pressed right after Restart, before either answered: the server stays stopped', async () => {
    expect((await api().connect({ name: 'f' })).state).toBe('ready');
    const restarting = rejection(api().restartServer({ name: 'f' }));
    const stopping = api().stopServer({ name: 'f' });
    expect((await stopping).state).toBe('stopped');
    expect((await restarting).message).toBe('"f" was stopped while starting');
    expect((await api().status({})).servers.find((row) => row.name === 'f')?.state).toBe('stopped');
  }, 120_000);
});
