import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'look-alike passphrase', PATH: dirname(process.execPath) };
const remote = (host: string) => [{ type: 'streamable-http', url: `https://${host}/mcp` }];

// A title with a Cyrillic і that reads as another entry's, installed from the command line.
describe('servers add --from-registry: look-alike entries', () => {
  let registry: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });

  beforeAll(async () => {
    registry = await startFixtureRegistry(3);
    registry.add({ name: 'io.example/github', title: 'GitHub', description: 'The real one', version: '1.0.0', remotes: remote('github.example') });
    registry.add({ name: 'io.example/gh-copy', title: 'Gіthub', description: 'A look-alike', version: '1.0.0', remotes: remote('copy.example') });
    home = await passphraseHome(ENV, 'cs-registry-look-alike-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
    // The catalog as the app or `serve` keeps it: a snapshot of the registry in the data folder.
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
  }, 30_000);
  afterAll(async () => {
    await registry.close();
  });

  it('warns of the mixed scripts, the Cyrillic letter shown escaped, and of the entry whose title reads the same', async () => {
    const added = await cli(['servers', 'add', 'gh', '--from-registry', 'io.example/gh-copy']);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('warning: the registry entry mixes Cyrillic and Latin letters within a word (title "G\\u0456thub")');
    expect(added.stderr).toContain('warning: its title reads the same as the title of io.example/github: check that io.example/gh-copy is the server you mean.');
    expect(added.stderr).not.toContain('Gіthub');
  });

  it('the entry imitated is told of the look-alike too, with no script to show', async () => {
    const added = await cli(['servers', 'add', 'github', '--from-registry', 'io.example/github']);
    expect(added.code).toBe(0);
    expect(added.stderr).not.toContain('mixes');
    expect(added.stderr).toContain('its title reads the same as the title of io.example/gh-copy');
  });

  it('an entry the catalog does not hold yet is judged against its rows, single-script entries named first', async () => {
    registry.add({ name: 'io.example/gh-new', title: 'GіtHub', description: 'Added after the snapshot', version: '1.0.0', remotes: remote('new.example') });
    const added = await cli(['servers', 'add', 'gh-new', '--from-registry', 'io.example/gh-new']);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('warning: the registry entry mixes Cyrillic and Latin letters within a word (title "G\\u0456tHub")');
    expect(added.stderr).toContain('its title reads the same as the title of io.example/github, io.example/gh-copy:');
  });

  it("another publisher's entry of the very same title gets a note naming the other id, not an imitation warning", async () => {
    registry.add({ name: 'io.other/github', title: 'GitHub', description: 'Another publisher', version: '1.0.0', remotes: remote('other.example') });
    const added = await cli(['servers', 'add', 'github-other', '--from-registry', 'io.other/github']);
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('note: io.example/github has this title too; this one is io.other/github.');
    expect(added.stderr).toContain('its title reads the same as the title of io.example/gh-copy:');
    expect(added.stderr).not.toContain('title of io.example/github');
  });
});

// Copies of the imitated title sorting first: the look-alike's warning still names the real entry.
describe('servers add --from-registry: the entry a look-alike imitates among copies of its title', () => {
  let registry: FixtureRegistry;
  let home: string;

  beforeAll(async () => {
    registry = await startFixtureRegistry(3);
    for (const letter of ['a', 'b', 'c']) {
      registry.add({ name: `aaa.${letter}/github`, title: 'GitHub', description: 'A copy of the title', version: '1.0.0', remotes: remote(`${letter}.example`) });
    }
    registry.add({ name: 'io.github.github/github-mcp-server', title: 'GitHub', description: 'The real one', version: '1.0.0', remotes: remote('github.example') });
    registry.add({ name: 'zzz.copy/gh', title: 'Gіthub', description: 'A look-alike', version: '1.0.0', remotes: remote('copy.example') });
    home = await passphraseHome(ENV, 'cs-registry-look-alike-owner-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
  }, 30_000);
  afterAll(async () => {
    await registry.close();
  });

  it('names first the entry whose namespace owner is the title, then one copy of the title per place', async () => {
    const added = await runCli(home, ['servers', 'add', 'gh', '--from-registry', 'zzz.copy/gh'], { env: ENV });
    expect(added.code).toBe(0);
    expect(added.stderr).toContain('its title reads the same as the title of io.github.github/github-mcp-server, aaa.a/github, aaa.b/github: check that zzz.copy/gh is the server you mean.');
  });
});
