import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { freePort } from '../support/ports';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry unreachable passphrase', PATH: dirname(process.execPath) };

// Offline, a first search said "The registries list no entries yet" (not_found, exit 3) and --json
// printed an empty list (exit 0): the network's failure read as an empty catalog.
describe('registry search and show with no registry reachable and no catalog kept', () => {
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });

  beforeAll(async () => {
    home = await passphraseHome(ENV, 'cs-registry-unreachable-');
    // Nothing listens there: as a registry offline.
    const closed = `http://127.0.0.1:${await freePort()}`;
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [closed] } }));
  });

  it.each([
    ['search', ['registry', 'search', 'github']],
    ['search --json', ['registry', 'search', 'github', '--json']],
    ['show', ['registry', 'show', 'io.github/github']],
    ['show --json', ['registry', 'show', 'io.github/github', '--json']],
  ])('%s fails as server_unavailable (exit 7), pointing at the network', async (_name, args) => {
    const result = await cli(args);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No registry could be reached; none has a catalog yet.');
    expect(result.stderr).toContain('Check the network');
    expect(result.stderr).not.toContain('not_found');
    expect(result.stderr).not.toContain('registry refresh');
  });

  // Activity → Changes said "check the MCP registries for new entries — ok" for a refresh that fetched nothing.
  it('registry refresh records its change as failed, with why, in the admin log', async () => {
    await cli(['registry', 'refresh']);
    const entries = readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { method: string; outcome: string; error?: string });
    const refresh = entries.filter((e) => e.method === 'refreshRegistries').at(-1);
    expect(refresh).toMatchObject({ outcome: 'failed', error: expect.stringContaining('the registry could not be refreshed (127.0.0.1:') as unknown });
  });
});
