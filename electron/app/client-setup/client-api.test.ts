import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { client } from '../../../test/support/racing-client-writer';
import { setUpClientApi } from '../../../test/support/client-api-setup';
import { KeyedQueue } from '../../fs-safe';
import { keptTokenKey } from './kept-token';
import type * as Writer from './client-writer';

vi.mock('./client-writer', async (importOriginal) =>
  (await import('../../../test/support/racing-client-writer')).racingClientWriter(await importOriginal<typeof Writer>()),
);

// Connected before with the token itself: connecting this client again gives the agent a new one.
const setUp = () =>
  setUpClientApi('cs-client-api', {
    cursorFile: (token) => JSON.stringify({ mcpServers: { 'connected-services-a1': { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: `Bearer ${token}` } } } }),
  });

describe('connectClient', () => {
  it("keeps the agent's token when the write is refused (the client rewrote its file just before the rename)", async () => {
    const { agents, token, file, api } = await setUp();
    const theirs = JSON.stringify({ mcpServers: { 'connected-services-a1': { url: 'http://127.0.0.1:1/mcp', headers: { Authorization: `Bearer ${token}` } } }, theirs: 1 });
    client.writes = theirs;
    try {
      await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ code: 'invalid_input', message: `${file} changed since its diff was shown` });
    } finally {
      client.writes = undefined;
    }
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    // The token the file still holds still works.
    expect(agents.authenticate(token)?.name).toBe('a1');
  });

  it('gives the agent its new token once the file naming it is written', async () => {
    const { agents, token, file, api } = await setUp();
    const change = await api.connectClient({ agent: 'a1', client: 'cursor' });
    expect(change.plan.rotates).toBe(true);
    const written = /Bearer (cs_agent_[A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(written).not.toBe(token);
    expect(agents.authenticate(written)?.name).toBe('a1');
    expect(agents.authenticate(token)?.name).toBeUndefined();
  });
});

describe('connectClient when the new token cannot be saved after the write', () => {
  const refused = () => new Error('EROFS: read-only file system, open agents.json');

  it('puts the file back byte for byte, its old token in it still working, and says so', async () => {
    const { agents, token, file, api } = await setUp();
    const before = readFileSync(file);
    vi.spyOn(agents, 'rotate').mockRejectedValueOnce(refused());
    await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ code: 'internal', message: expect.stringContaining(`${file} was put back as it was`) as unknown });
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(agents.authenticate(token)?.name).toBe('a1');
  });

  it('removes the file it made', async () => {
    const { agents, file, api } = await setUp();
    rmSync(file);
    vi.spyOn(agents, 'rotate').mockRejectedValueOnce(refused());
    await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ message: expect.stringContaining('was put back') as unknown });
    expect(existsSync(file)).toBe(false);
  });

  it('says the file names a token that does not work, and how to repair, when the client rewrote it meanwhile', async () => {
    const { agents, token, file, api } = await setUp();
    vi.spyOn(agents, 'rotate').mockImplementationOnce(() => {
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
      return Promise.reject(refused());
    });
    const failed = api.connectClient({ agent: 'a1', client: 'cursor' });
    await expect(failed).rejects.toMatchObject({ message: expect.stringContaining(`${file} was written, but names a token that does not work`) as unknown });
    await expect(failed).rejects.toMatchObject({ hint: expect.stringContaining('connected-services agents connect a1 --client cursor') as unknown });
    const named = /Bearer (cs_agent_[A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(named).not.toBe(token);
    expect(agents.authenticate(named ?? '')?.name).toBeUndefined();
  });
});

describe('connectClient of one agent to two clients at once', () => {
  it('leaves the vault holding the token the store takes: the second waits for the first to rotate', async () => {
    const { agents, vault, api } = await setUpClientApi('cs-client-api', { withVault: true });
    // The first connect is held in its rotation until the second has rotated (without turns) or is queued behind it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let rotating = () => {};
    const firstRotating = new Promise<void>((resolve) => (rotating = resolve));
    const rotate = agents.rotate.bind(agents);
    let rotations = 0;
    vi.spyOn(agents, 'rotate').mockImplementation(async (name, token) => {
      rotations += 1;
      if (rotations === 1) {
        rotating();
        await held;
      }
      const done = await rotate(name, token);
      if (rotations === 2) release();
      return done;
    });
    const run = Reflect.get(KeyedQueue.prototype, 'run');
    let queued = 0;
    vi.spyOn(KeyedQueue.prototype, 'run').mockImplementation(function <T>(this: KeyedQueue, key: string, task: () => Promise<T>): Promise<T> {
      const result: Promise<T> = Reflect.apply(run, this, [key, task]);
      // Other queues (the vault's, the store's) are keyed otherwise.
      if (key === 'a1') queued += 1;
      if (queued === 2) release();
      return result;
    });
    try {
      const first = api.connectClient({ agent: 'a1', client: 'cursor' });
      await firstRotating;
      await Promise.all([first, api.connectClient({ agent: 'a1', client: 'gemini-cli' })]);
    } finally {
      vi.restoreAllMocks();
    }
    const kept = await vault.get(keptTokenKey('a1'));
    expect(agents.authenticate(kept ?? '')?.name).toBe('a1');
  });
});
