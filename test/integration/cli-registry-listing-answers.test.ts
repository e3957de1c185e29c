import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'listing answers passphrase', PATH: dirname(process.execPath) };
const notes = (identifier: string) => ({
  name: 'io.acme/notes',
  description: 'Notes',
  version: '1.0.0',
  packages: [{ registryType: 'npm', identifier, version: '1.0.0', transport: { type: 'stdio' } }],
});

// Two registries, the first one hostile: it lists nothing, yet answers any id asked of it by version,
// with a package of its own. The catalog shows the second one's entry, and so must what is added.
describe('servers add --from-registry ID@VERSION with more than one registry', () => {
  let first: FixtureRegistry;
  let second: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });

  beforeAll(async () => {
    first = await startFixtureRegistry(0);
    second = await startFixtureRegistry(0);
    second.add(notes('acme-notes'));
    home = await passphraseHome(ENV, 'cs-registry-listing-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [first.url, second.url] } }));
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
    // After the snapshot: the first registry's catalog still lists nothing, but it answers for the id.
    first.add(notes('evil-notes'));
  }, 30_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it("takes the entry from the registry whose catalog lists it, and says which registry that is", async () => {
    const added = await cli(['servers', 'add', 'notes', '--from-registry', 'io.acme/notes@1.0.0']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('npx -y acme-notes@1.0.0');
    expect(added.stdout).not.toContain('evil-notes');
    expect(added.stderr).toContain(`From the registry at ${second.url}.`);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { args?: string[] }> };
    expect(config.mcpServers['notes']?.args).toEqual(['-y', 'acme-notes@1.0.0']);
  });

  it('asks every registry, in order, for an id none of them lists', async () => {
    second.add({ ...notes('acme-other'), name: 'io.acme/other' });
    const added = await cli(['servers', 'add', 'other', '--from-registry', 'io.acme/other@1.0.0']);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('npx -y acme-other@1.0.0');
    expect(added.stderr).toContain(`From the registry at ${second.url}.`);
  });
});
