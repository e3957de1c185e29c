import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client } from '../../../test/support/racing-client-writer';
import { setUpClientApi } from '../../../test/support/client-api-setup';
import { keptTokenKey } from './kept-token';
import type * as Writer from './client-writer';

vi.mock('./client-writer', async (importOriginal) =>
  (await import('../../../test/support/racing-client-writer')).racingClientWriter(await importOriginal<typeof Writer>()),
);

afterEach(() => {
  client.writes = undefined;
  vi.restoreAllMocks();
});

/** An agent no client holds the token of, and a vault a helper can read: connecting gives it a new token, kept there. */
const setUp = () =>
  setUpClientApi('cs-failed-connect', { cursorFile: () => '{"mcpServers":{"mine":{"command":"x"}}}\n', withVault: true, withDataDir: true });

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
