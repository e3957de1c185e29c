import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'two listings passphrase', PATH: dirname(process.execPath) };
const entry = (name: string, identifier: string, version = '1.0.0') => ({
  name,
  description: 'Notes',
  version,
  packages: [{ registryType: 'npm', identifier, version, transport: { type: 'stdio' } }],
});

// Two registries whose catalogs both list io.acme/notes at 1.0.0, each with a package of its own:
// which one is installed is the person's choice, not the order of settings.registries.
describe('servers add --from-registry with an id two registries list', () => {
  let first: FixtureRegistry;
  let second: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });
  const added = (): Record<string, { args?: string[] }> =>
    (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { args?: string[] }> }).mcpServers;
  const label = (registry: FixtureRegistry): string => registry.url.replace('http://', '');

  beforeAll(async () => {
    first = await startFixtureRegistry(0);
    second = await startFixtureRegistry(0);
    first.add(entry('io.acme/notes', 'other-notes'));
    second.add(entry('io.acme/notes', 'acme-notes'));
    first.add(entry('io.acme/same', 'acme-same'));
    second.add(entry('io.acme/same', 'acme-same'));
    first.add(entry('io.acme/later', 'acme-later'));
    first.add(entry('io.acme/only-first', 'only-first'));
    second.add(entry('io.acme/later', 'acme-later'));
    home = await passphraseHome(ENV, 'cs-registry-two-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [first.url, second.url] } }));
    const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
  }, 30_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('refuses the id at a version both catalogs show, naming both registries and --registry', async () => {
    const refused = await cli(['servers', 'add', 'notes', '--from-registry', 'io.acme/notes@1.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`2 registries list io.acme/notes@1.0.0, and their entries differ (version, packages or remotes): ${label(first)} (1.0.0), ${label(second)} (1.0.0).`);
    expect(refused.stderr).toContain(`--registry ${label(first)}`);
    expect(refused.stderr).toContain('registry show io.acme/notes@1.0.0 --registry NAME');
    expect(added()['notes']).toBeUndefined();
  });

  it('refuses the id without a version too', async () => {
    const refused = await cli(['servers', 'add', 'notes', '--from-registry', 'io.acme/notes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 registries list io.acme/notes, and their entries differ');
    expect(refused.stderr).toContain('or a version with io.acme/notes@VERSION');
    expect(added()['notes']).toBeUndefined();
  });

  it('refuses a version outside the catalogs that both registries answer for differently', async () => {
    first.publish('io.acme/notes', '2.0.0');
    second.publish('io.acme/notes', '2.0.0');
    const refused = await cli(['servers', 'add', 'notes', '--from-registry', 'io.acme/notes@2.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 registries list io.acme/notes@2.0.0');
    expect(added()['notes']).toBeUndefined();
  });

  it('takes the entry from the registry --registry names, by label or by address', async () => {
    const bySecond = await cli(['servers', 'add', 'notes', '--from-registry', 'io.acme/notes@1.0.0', '--registry', label(second)]);
    expect(bySecond.code).toBe(0);
    expect(bySecond.stderr).toContain(`From the registry at ${second.url}.`);
    expect(added()['notes']?.args).toEqual(['-y', 'acme-notes@1.0.0']);
    const byFirst = await cli(['servers', 'add', 'other', '--from-registry', 'io.acme/notes@1.0.0', '--registry', `${first.url}/`]);
    expect(byFirst.code).toBe(0);
    expect(added()['other']?.args).toEqual(['-y', 'other-notes@1.0.0']);
    // Its label as typed from a URL bar: a slash after it, in capitals.
    const typed = await cli(['servers', 'add', 'typed', '--from-registry', 'io.acme/notes@1.0.0', '--registry', `${label(second).toUpperCase()}/`]);
    expect(typed.code, typed.stderr).toBe(0);
    expect(added()['typed']?.args).toEqual(['-y', 'acme-notes@1.0.0']);
  });

  it('refuses a --registry that names no configured registry, listing those that are', async () => {
    const refused = await cli(['servers', 'add', 'x', '--from-registry', 'io.acme/notes', '--registry', 'registry.example.com']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No registry "registry.example.com" is configured.');
    expect(refused.stderr).toContain(`${label(first)}, ${label(second)}`);
  });

  // "No registry has io.acme/only-first" was untrue: only the registry named was asked.
  it('says the registry --registry names has no such id, and which one lists it', async () => {
    const refused = await cli(['servers', 'add', 'of', '--from-registry', 'io.acme/only-first', '--registry', label(second)]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`${label(second)} has no io.acme/only-first.`);
    expect(refused.stderr).toContain(`Name the registry that lists it with --registry (${label(first)}), or leave --registry out`);
    expect(added()['of']).toBeUndefined();
  });

  // "Name the registry that lists it" named one whether or not it had the version asked.
  it('names the registries that have the version the one --registry names lacks, or says none has it', async () => {
    first.publish('io.acme/only-first', '1.1.0');
    const refused = await cli(['servers', 'add', 'of', '--from-registry', 'io.acme/only-first@1.1.0', '--registry', label(second)]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(`${label(second)} has no io.acme/only-first@1.1.0.`);
    expect(refused.stderr).toContain(`Name the registry that lists io.acme/only-first@1.1.0 with --registry (${label(first)}), or leave --registry out`);
    const none = await cli(['servers', 'add', 'of', '--from-registry', 'io.acme/only-first@9.9.9', '--registry', label(second)]);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain(`${label(first)} has no io.acme/only-first@9.9.9 either (its catalog shows 1.0.0).`);
    expect(none.stderr).not.toContain('Name the registry');
    const shown = await cli(['registry', 'show', 'io.acme/notes@0.9.0', '--registry', label(second)]);
    expect(shown.code).toBe(3);
    expect(shown.stderr).toContain(`${label(first)} has no io.acme/notes@0.9.0 either (its catalog shows 1.0.0).`);
    expect(added()['of']).toBeUndefined();
  });

  it('registry show names the other registry listing the id, and --registry shows its entry', async () => {
    const shown = await cli(['registry', 'show', 'io.acme/notes']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('npm other-notes 1.0.0');
    expect(shown.stderr).toContain(`note: ${label(second)} lists io.acme/notes too; --registry NAME shows another registry's entry.`);
    const chosen = await cli(['registry', 'show', 'io.acme/notes', '--registry', label(second)]);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stdout).toContain('npm acme-notes 1.0.0');
    expect(chosen.stderr).not.toContain('note:');
    const missing = await cli(['registry', 'show', 'io.acme/only-first', '--registry', label(second)]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(`${label(second)} has no entry io.acme/only-first.`);
    expect(missing.stderr).toContain(`Name the registry that lists it with --registry (${label(first)}), or leave --registry out`);
  });

  // A command line a hint suggests, copied as it is, asked every registry again (and was refused as
  // two listings) or showed another version than the one given.
  it('carries --registry and the version given into every command line it suggests', async () => {
    const chosen = await cli(['registry', 'show', 'io.acme/notes', '--registry', label(second)]);
    expect(chosen.stdout).toContain(`Add it: connected-services servers add NAME --from-registry io.acme/notes@1.0.0 --registry ${label(second)}`);
    const unnamed = await cli(['registry', 'show', 'io.acme/notes']);
    expect(unnamed.stdout).toContain(`Add it: connected-services servers add NAME --from-registry io.acme/notes@1.0.0 --registry ${label(first)}`);
    const other = await cli(['registry', 'show', 'io.acme/notes@0.9.0', '--registry', label(second)]);
    expect(other.code).toBe(3);
    expect(other.stderr).toContain(`${label(second)} has no io.acme/notes@0.9.0.`);
    expect(other.stderr).toContain(`connected-services registry show io.acme/notes --registry ${label(second)}\` shows 1.0.0`);
    const numbered = await cli(['servers', 'add', 'n', '--from-registry', 'io.acme/notes@1.0.0', '--registry', label(second), '--package', '9']);
    expect(numbered.code).toBe(2);
    expect(numbered.stderr).toContain(`connected-services registry show io.acme/notes@1.0.0 --registry ${label(second)}\` lists each package`);
    const searched = await cli(['registry', 'search', 'notes']);
    expect(searched.stdout).toContain('connected-services registry show ID --registry REGISTRY; add it: connected-services servers add NAME --from-registry ID --registry REGISTRY');
  });

  it('adds an entry both registries list identically, from the first', async () => {
    const same = await cli(['servers', 'add', 'same', '--from-registry', 'io.acme/same@1.0.0']);
    expect(same.code).toBe(0);
    expect(same.stderr).toContain(`From the registry at ${first.url}.`);
    expect(added()['same']?.args).toEqual(['-y', 'acme-same@1.0.0']);
  });

  it('refuses a version outside the catalogs when one registry republished it with another package', async () => {
    second.publish('io.acme/later', '1.1.0');
    first.publish('io.acme/later', '1.1.0');
    first.republish('io.acme/later', { packages: [{ registryType: 'npm', identifier: 'evil-later', version: '1.1.0', transport: { type: 'stdio' } }] });
    const refused = await cli(['servers', 'add', 'later', '--from-registry', 'io.acme/later@1.1.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 registries list io.acme/later@1.1.0');
  });

  it('says so when a registry that lists the id could not be asked for a version outside the catalogs', async () => {
    first.publish('io.acme/same', '1.2.0');
    await second.close();
    const taken = await cli(['servers', 'add', 'same-later', '--from-registry', 'io.acme/same@1.2.0']);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toContain(`note: Could not reach the registry at ${second.url}`);
    expect(taken.stderr).toContain(`The entry is the one ${label(first)} lists.`);
  });
});

describe('registry show --registry naming no configured registry', () => {
  // It fetched every catalog first (up to a minute on a first run), then refused the name.
  it('is refused before any catalog is fetched', async () => {
    const home = await passphraseHome(ENV, 'cs-registry-bogus-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: ['http://127.0.0.1:9'] } }));
    const refused = await runCli(home, ['registry', 'show', 'io.acme/notes', '--registry', 'bogus'], { env: ENV });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('No registry "bogus" is configured.');
    expect(refused.stderr).not.toContain('Fetching');
  });
});
