import os from 'node:os';
import path from 'node:path';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import type { ApiEventPayload } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { readPid, textOf, waitFor } from '../support/server-harness';

// Issue 17 items 1 and 4 through the App API: edit a service, restart it, cancel a call.
describe('App API: updateServer, restartServer, cancelCall', () => {
  let root = '';
  let pidFile = '';
  let core: Core | undefined;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cs-edit-restart-'));
    pidFile = path.join(root, 'fault.pid');
    await writeFile(path.join(root, 'mcp.json'), JSON.stringify({ mcpServers: { f: faultServer('normal', { PID_FILE: pidFile }) } }));
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

  it('serverConfig gives the entry as written; an unknown name is not_found', async () => {
    const { config } = await api().serverConfig({ name: 'f' });
    expect(config).toEqual(faultServer('normal', { PID_FILE: pidFile }));
    await expect(api().serverConfig({ name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(api().updateServer({ name: 'nope', config: { command: 'x' } })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('a changed command needs approval again; once approved, a restart runs the new entry', async () => {
    expect((await api().connect({ name: 'f' })).state).toBe('ready');
    const firstPid = readPid(pidFile);
    const edited = faultServer('normal', { PID_FILE: pidFile, EDITED: '1' });

    const after = await api().updateServer({ name: 'f', config: edited });
    expect(after.approval).toBe('pending');
    // The running copy restarted into the gate: the new command did not run unapproved.
    expect(after.state).not.toBe('ready');
    expect(after.lastError?.code).toBe('denied');
    expect(readPid(pidFile)).toBe(firstPid);
    const onDisk = JSON.parse(await readFile(path.join(root, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(onDisk.mcpServers['f']).toEqual(edited);

    const status = await api().status({});
    const shown = status.servers.find((s) => s.name === 'f');
    expect(shown?.commandLine).toContain('EDITED=1');
    await api().approveServer({ name: 'f', ...(shown?.commandLine !== undefined ? { commandLine: shown.commandLine } : {}) });
    const restarted = await api().restartServer({ name: 'f' });
    expect(restarted).toMatchObject({ state: 'ready', approval: 'approved' });
    expect(readPid(pidFile)).not.toBe(firstPid);
  });

  it('a change outside the approval (description) keeps the approval and the running process', async () => {
    expect((await api().connect({ name: 'f' })).state).toBe('ready');
    const pid = readPid(pidFile);
    const after = await api().updateServer({ name: 'f', config: { ...faultServer('normal', { PID_FILE: pidFile }), description: 'the fault server' } });
    expect(after).toMatchObject({ approval: 'approved', state: 'ready' });
    expect(readPid(pidFile)).toBe(pid);
  });

  it('restartServer stops the running process and starts a new one, and names unknown servers', async () => {
    expect((await api().connect({ name: 'f' })).state).toBe('ready');
    const pid = readPid(pidFile);
    const restarted = await api().restartServer({ name: 'f' });
    expect(restarted.state).toBe('ready');
    expect(readPid(pidFile)).not.toBe(pid);
    const states = restarted.history.map((h) => h.state);
    expect(states.slice(-3)).toEqual(['stopped', 'starting', 'ready']);
    await expect(api().restartServer({ name: 'nope' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('cancelCall aborts a call in flight and the server receives notifications/cancelled', async () => {
    await api().connect({ name: 'f' });
    const progress: ApiEventPayload<'callProgress'>[] = [];
    api().on('callProgress', (p) => progress.push(p));
    const call = api().callTool({ server: 'f', tool: 'slow', arguments: { ms: 30_000 }, callId: 'c1' });
    const settled = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    // The server says it began (a progress notification): the request arrived.
    await waitFor('the slow call to begin', () => progress.find((p) => p.callId === 'c1'));
    await expect(api().callTool({ server: 'f', tool: 'slow', arguments: { ms: 0 }, callId: 'c1' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await api().cancelCall({ callId: 'c1' })).toEqual({ cancelled: true });
    expect(await settled).toMatchObject({ code: 'timeout', data: { cancelled: true } });
    const seen = await waitFor('the server to count the cancellation', async () => {
      const counts = JSON.parse(textOf(await api().callTool({ server: 'f', tool: 'seen' }))) as { cancelled: number };
      return counts.cancelled > 0 ? counts : undefined;
    });
    expect(seen.cancelled).toBe(1);
    // Done and forgotten: cancelling again, or an unknown call, cancels nothing.
    expect(await api().cancelCall({ callId: 'c1' })).toEqual({ cancelled: false });
    expect(await api().cancelCall({ callId: 'never' })).toEqual({ cancelled: false });
  });
});
