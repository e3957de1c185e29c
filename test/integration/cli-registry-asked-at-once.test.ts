import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'asked at once passphrase', PATH: dirname(process.execPath) };
const entry = (name: string, identifier: string) => ({
  name,
  description: 'Notes',
  version: '1.0.0',
  packages: [{ registryType: 'npm', identifier, version: '1.0.0', transport: { type: 'stdio' } }],
});

// Entries published after the catalogs were kept: every registry is asked for its latest. Asked one
// after the other, two slow registries cost two time limits; each one here answers only once both
// have been asked, so asking in turn never gets past the first.
describe('servers add --from-registry with an id no kept catalog lists', () => {
  let first: FixtureRegistry;
  let second: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });
  const label = (registry: FixtureRegistry): string => registry.url.replace('http://', '');
  /** Both registries hold their answers until each has been asked. */
  const holdUntilBothAsked = (): void => {
    let open = (): void => undefined;
    const both = new Promise<void>((resolve) => (open = resolve));
    void Promise.all([first.holdEntries(both), second.holdEntries(both)]).then(open);
  };

  beforeAll(async () => {
    first = await startFixtureRegistry(0);
    second = await startFixtureRegistry(0);
    home = await passphraseHome(ENV, 'cs-registry-at-once-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [first.url, second.url] } }));
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
    first.add(entry('io.acme/fresh', 'acme-fresh'));
    second.add(entry('io.acme/fresh', 'acme-fresh'));
    first.add(entry('io.acme/split', 'first-split'));
    second.add(entry('io.acme/split', 'second-split'));
  }, 30_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('asks every registry at once, taking the entry from the first configured', async () => {
    holdUntilBothAsked();
    const added = await cli(['servers', 'add', 'fresh', '--from-registry', 'io.acme/fresh']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain(`From the registry at ${first.url}.`);
    expect(added.stderr).not.toContain('note:');
    const servers = (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { args?: string[] }> }).mcpServers;
    expect(servers['fresh']?.args).toEqual(['-y', 'acme-fresh@1.0.0']);
  });

  it('weighs the answers in the configured order', async () => {
    holdUntilBothAsked();
    const refused = await cli(['servers', 'add', 'split', '--from-registry', 'io.acme/split']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`2 registries list io.acme/split, and their entries differ (version, packages or remotes): ${label(first)} (1.0.0), ${label(second)} (1.0.0).`);
  });
});
