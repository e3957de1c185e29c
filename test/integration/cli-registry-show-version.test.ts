import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'show version passphrase', PATH: dirname(process.execPath) };
const entry = (name: string, identifier: string, version = '1.0.0') => ({
  name,
  description: 'Notes',
  version,
  packages: [{ registryType: 'npm', identifier, version, transport: { type: 'stdio' } }],
});

// The catalog keeps each registry's latest, 2.0.0; the registries still serve 1.0.0 at its own
// address, which `servers add --from-registry ID@1.0.0` fetches: `registry show` shows it so first.
describe('registry show ID@VERSION for a version outside the catalog', () => {
  let first: FixtureRegistry;
  let second: FixtureRegistry;
  let home: string;
  let one: string;
  const cli = (args: string[], at = home) => runCli(at, args, { env: ENV });
  const label = (registry: FixtureRegistry): string => registry.url.replace('http://', '');
  const homeWith = async (registries: readonly (FixtureRegistry | string)[], prefix: string): Promise<string> => {
    const made = await passphraseHome(ENV, prefix);
    writeFileSync(join(made, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: registries.map((r) => (typeof r === 'string' ? r : r.url)) } }));
    const core = await createCore({ dataDir: made, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
    await core.api.refreshRegistries({});
    await core.close();
    return made;
  };

  beforeAll(async () => {
    first = await startFixtureRegistry(0);
    second = await startFixtureRegistry(0);
    first.add(entry('io.acme/notes', 'acme-notes'));
    first.publish('io.acme/notes', '2.0.0');
    second.add(entry('io.acme/notes', 'mirror-notes'));
    second.publish('io.acme/notes', '2.0.0');
    one = await homeWith([first], 'cs-registry-version-one-');
    home = await homeWith([first, second], 'cs-registry-version-two-');
  }, 30_000);
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('fetches the version from the registry and shows it, saying the catalog has another', async () => {
    const shown = await cli(['registry', 'show', 'io.acme/notes@1.0.0'], one);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('io.acme/notes 1.0.0');
    expect(shown.stdout).toContain("Not the catalog's latest (2.0.0): this version was fetched from the registry.");
    expect(shown.stdout).toContain('--package 1: npm acme-notes 1.0.0');
    expect(shown.stdout).toContain('Add it: connected-services servers add NAME --from-registry io.acme/notes@1.0.0\n');
    const json = await cli(['registry', 'show', 'io.acme/notes@1.0.0', '--json'], one);
    expect(json.code, json.stderr).toBe(0);
    const parsed = JSON.parse(json.stdout) as { entry: { version: string; registry: string }; version: string; catalogVersion: string; options: { label: string }[] };
    expect(parsed).toMatchObject({ entry: { version: '1.0.0', registry: first.url }, version: '1.0.0', catalogVersion: '2.0.0' });
    expect(parsed.options.map((o) => o.label)).toEqual(['npm acme-notes 1.0.0']);
  });

  it('says a version no registry has is not found, naming the version the catalog knows', async () => {
    const missing = await cli(['registry', 'show', 'io.acme/notes@0.5.0'], one);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('No registry has io.acme/notes@0.5.0.');
    expect(missing.stderr).toContain('The catalog knows io.acme/notes at 2.0.0; `connected-services registry show io.acme/notes` shows 2.0.0');
  });

  it('shows the version from the registry --registry names, and carries it into the command line it suggests', async () => {
    const shown = await cli(['registry', 'show', 'io.acme/notes@1.0.0', '--registry', label(second)]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('--package 1: npm mirror-notes 1.0.0');
    expect(shown.stdout).toContain(`Add it: connected-services servers add NAME --from-registry io.acme/notes@1.0.0 --registry ${label(second)}`);
    const missing = await cli(['registry', 'show', 'io.acme/notes@0.5.0', '--registry', label(second)]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(`${label(second)} has no io.acme/notes@0.5.0.`);
    expect(missing.stderr).toContain(`\`connected-services registry show io.acme/notes --registry ${label(second)}\` shows 2.0.0`);
  });

  it('refuses, as servers add does, a version two registries answer for differently', async () => {
    const refused = await cli(['registry', 'show', 'io.acme/notes@1.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('2 registries list io.acme/notes@1.0.0, and their entries differ');
    expect(refused.stderr).toContain('registry show io.acme/notes@1.0.0 --registry NAME');
    const missing = await cli(['registry', 'show', 'io.acme/notes@0.5.0']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(`The catalog knows io.acme/notes at 2.0.0 (${label(first)}), 2.0.0 (${label(second)}); \`connected-services registry show io.acme/notes --registry ${label(first)}\` shows 2.0.0`);
  });

  // An entry published since the last refresh: `servers add … ID@VERSION` fetches it, so show does.
  it('fetches a version of an id the catalog does not list, and hints at it without a version', async () => {
    first.add(entry('io.acme/fresh', 'acme-fresh'));
    const shown = await cli(['registry', 'show', 'io.acme/fresh@1.0.0']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Not in the catalog (as of its last refresh): this version was fetched from the registry.');
    expect(shown.stdout).toContain('--package 1: npm acme-fresh 1.0.0');
    expect(shown.stdout).toContain('Add it: connected-services servers add NAME --from-registry io.acme/fresh@1.0.0\n');
    const json = await cli(['registry', 'show', 'io.acme/fresh@1.0.0', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ entry: { version: '1.0.0', registry: first.url }, catalogVersion: null });
    const bare = await cli(['registry', 'show', 'io.acme/fresh']);
    expect(bare.code).toBe(3);
    expect(bare.stderr).toContain("The registries' catalog has no entry io.acme/fresh.");
    expect(bare.stderr).toContain('after `connected-services registry refresh`, or `connected-services registry show io.acme/fresh@VERSION` fetches that version');
    const typo = await cli(['registry', 'show', 'io.acme/notez@1.0.0'], one);
    expect(typo.code).toBe(3);
    expect(typo.stderr).toContain('No registry has io.acme/notez@1.0.0.');
    expect(typo.stderr).toContain('Did you mean io.acme/notes?');
  });

  it('words an empty id or version for registry show, not --from-registry', async () => {
    for (const raw of ['io.acme/notes@', ' @1.0.0']) {
      const refused = await cli(['registry', 'show', raw]);
      expect(refused.code, raw).toBe(2);
      expect(refused.stderr).toContain('`registry show` takes ID[@VERSION]');
      expect(refused.stderr).toContain('For example: connected-services registry show io.github.owner/name');
      expect(refused.stderr).not.toContain('--from-registry');
    }
  });

  // "No registry has it" alone would be untrue: one that lists the id was not asked.
  // Labelled among the id's rows alone (one, after --registry), the registry was named by its host, which --registry refuses when two share it.
  it('names a registry as --registry takes it when two are configured on one host', async () => {
    const [a, b] = [`${first.url.replace(/\/$/, '')}/a`, `${first.url.replace(/\/$/, '')}/b`];
    const twoOnOneHost = await homeWith([a, b], 'cs-registry-version-host-');
    const refused = await cli(['registry', 'show', 'io.acme/notes@9.9.9', '--registry', a], twoOnOneHost);
    expect(refused.code, refused.stderr).toBe(3);
    const labelA = a.replace('http://', '');
    expect(refused.stderr).toContain(`${labelA} has no io.acme/notes@9.9.9`);
    expect(refused.stderr).toContain(`--registry ${labelA}\``);
  });

  it('says which registry could not be asked when the others lack the version', async () => {
    await second.close();
    const missing = await cli(['registry', 'show', 'io.acme/notes@0.5.0']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('No registry has io.acme/notes@0.5.0.');
    expect(missing.stderr).toContain(`Could not reach the registry at ${second.url}`);
  });
});
