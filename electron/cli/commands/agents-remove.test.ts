import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { setUpClientApi } from '../../../test/support/client-api-setup';
import type * as FsSafe from '../../fs-safe';
import { removeFromClients } from './agents-remove';

/** Runs once, just before the next read of `file`: another process's write lands between the checks and the read. */
const race: { file?: string; before?: (() => Promise<void>) | undefined } = {};

vi.mock('../../fs-safe', async (importOriginal) => {
  const real = await importOriginal<typeof FsSafe>();
  return {
    ...real,
    readRegularFile: async (...args: Parameters<typeof real.readRegularFile>) => {
      const before = race.file === args[0] ? race.before : undefined;
      if (before) {
        race.before = undefined;
        await before();
      }
      return real.readRegularFile(...args);
    },
  };
});

function lines() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

describe('removeFromClients', () => {
  it("removes the entry when another removal renames the file into place while this one's list of clients reads it", async () => {
    const { agents, api, file } = await setUpClientApi('cs-remove-race', { cursorFile: () => '{"mcpServers":{"mine":{"command":"x"}}}\n' });
    await agents.add('a2', { servers: [] });
    await api.connectClient({ agent: 'a1', client: 'cursor' });
    await api.connectClient({ agent: 'a2', client: 'cursor' });
    // a1's removal writes its new file (a rename) after a2's list checked the file and before it read it:
    // that read finds the file replaced and sees no entry of a2's.
    race.file = file;
    race.before = async () => {
      await removeFromClients(api, 'a1', lines().output);
    };
    const seen = lines();
    await removeFromClients(api, 'a2', seen.output);
    expect(race.before).toBeUndefined();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('"mine"');
    expect(text).not.toContain('connected-services-a1');
    expect(text).not.toContain('connected-services-a2');
    expect(seen.out).toEqual([expect.stringMatching(new RegExp(`^Removed its entry from ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(the file as it was: .+\\)\\.$`))]);
    expect(seen.err).toEqual([]);
  });

  it('says which file could not be read, and what to run once it is fixed', async () => {
    const { api, file } = await setUpClientApi('cs-remove-unreadable', { cursorFile: () => '{"mcpServers":{"connected-services-a1":{"command":"x"}' });
    const seen = lines();
    await removeFromClients(api, 'a1', seen.output);
    expect(seen.out).toEqual([]);
    expect(seen.err).toEqual([expect.stringMatching(/^note: Cursor's .+ was not changed \(.+\): an entry of a1 it holds stays\. Fix that, then run `connected-services agents disconnect a1 --client cursor`\.$/)]);
    expect(seen.err[0]).toContain(file);
    expect(readFileSync(file, 'utf8')).toContain('connected-services-a1');
  });

  it('changes nothing and says nothing for clients that hold no entry (their files, or their folders, not there)', async () => {
    const { api } = await setUpClientApi('cs-remove-none');
    const seen = lines();
    await removeFromClients(api, 'a1', seen.output);
    expect(seen).toMatchObject({ out: [], err: [] });
  });
});
