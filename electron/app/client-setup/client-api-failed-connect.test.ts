import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentStore } from '../../bridge';
import { openVault } from '../../vault';
import { createClientApi } from './client-api';
import { keptTokenKey } from './kept-token';
import type * as Writer from './client-writer';
import type { ApplyHooks, PlannedChange } from './client-writer';

/** What a client writes into its file while ours is on its way to the rename (undefined: nothing). */
const client = vi.hoisted(() => ({ writes: undefined as string | undefined }));

vi.mock('./client-writer', async (importOriginal) => {
  const real = await importOriginal<typeof Writer>();
  const applyChange = (change: PlannedChange, base: string | undefined, now: number, hooks: ApplyHooks = {}) =>
    real.applyChange(change, base, now, {
      beforeRename: () => {
        if (client.writes !== undefined) writeFileSync(change.target, client.writes);
        hooks.beforeRename?.();
      },
    });
  return { ...real, applyChange };
});

afterEach(() => {
  client.writes = undefined;
  vi.restoreAllMocks();
});

/** An agent no client holds the token of, and a vault a helper can read: connecting gives it a new token, kept there. */
async function setUp() {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-failed-connect-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cs-failed-connect-data-'));
  const agents = AgentStore.open({ dataDir });
  const { token } = await agents.add('a1', { servers: [] });
  const vault = await openVault({ dataDir: path.join(dataDir, 'vault'), provider: 'insecure-plaintext-file' });
  const file = path.join(home, '.cursor', 'mcp.json');
  mkdirSync(path.dirname(file));
  writeFileSync(file, '{"mcpServers":{"mine":{"command":"x"}}}\n');
  const api = createClientApi({ agents, vault, dataDir, bridgeUrl: () => 'http://127.0.0.1:1/mcp', context: () => ({ home, platform: 'linux', env: {} }) });
  return { agents, token, vault, file, api };
}

describe('a connect that fails leaves the vault as it was', () => {
  it('holds no token for the agent when it held none and the write was refused', async () => {
    const { agents, token, vault, file, api } = await setUp();
    const theirs = '{"mcpServers":{"mine":{"command":"y"}}}\n';
    client.writes = theirs;
    await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ message: `${file} changed since its diff was shown` });
    expect(await vault.get(keptTokenKey('a1'))).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(theirs);
    expect(agents.authenticate(token)?.name).toBe('a1');
  });

  it('holds the token it held before (one that no longer works) when the write was refused', async () => {
    const { vault, api } = await setUp();
    const old = `cs_agent_${'o'.repeat(43)}`;
    await vault.set(keptTokenKey('a1'), old);
    client.writes = '{"mcpServers":{}}\n';
    await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await vault.get(keptTokenKey('a1'))).toBe(old);
  });

  it('holds no token when the new one could not be saved after the write, and the file is put back', async () => {
    const { agents, token, vault, file, api } = await setUp();
    const before = readFileSync(file, 'utf8');
    vi.spyOn(agents, 'rotate').mockRejectedValueOnce(new Error('EROFS: read-only file system, open agents.json'));
    await expect(api.connectClient({ agent: 'a1', client: 'cursor' })).rejects.toMatchObject({ message: expect.stringContaining('was put back as it was') as unknown });
    expect(await vault.get(keptTokenKey('a1'))).toBeUndefined();
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(agents.authenticate(token)?.name).toBe('a1');
  });

  it('keeps the new token once the connect is made', async () => {
    const { agents, token, vault, api } = await setUp();
    await api.connectClient({ agent: 'a1', client: 'cursor' });
    const kept = await vault.get(keptTokenKey('a1'));
    expect(agents.authenticate(kept ?? '')?.name).toBe('a1');
    expect(agents.authenticate(token)).toBeNull();
  });
});
