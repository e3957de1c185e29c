import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry search passphrase', PATH: dirname(process.execPath) };

// A person with `serve` or the CLI only had no way to find an entry's id, its versions or its packages:
// "the app's Services screen searches the registries". The catalog from the command line.
describe('registry search, show and refresh', () => {
  let registry: FixtureRegistry;
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV });

  beforeAll(async () => {
    registry = await startFixtureRegistry(30);
    registry.add({
      name: 'io.example/notes',
      title: 'Notes',
      description: 'Notes on disk, searched by tag. Set NOTES_TOKEN=your-token first',
      version: '2.1.0',
      packages: [
        { registryType: 'npm', identifier: '@example/notes-mcp', version: '2.1.0', transport: { type: 'stdio' }, environmentVariables: [{ name: 'NOTES_TOKEN', isRequired: true, isSecret: true, description: 'your API token' }, { name: 'NOTES_REGION', choices: ['eu', 'us'], default: 'eu' }] },
        { registryType: 'nuget', identifier: 'Example.Notes', version: '2.1.0', transport: { type: 'stdio' } },
      ],
      remotes: [{ type: 'streamable-http', url: 'https://notes.example.com/mcp' }],
    });
    home = await passphraseHome(ENV, 'cs-registry-search-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  });
  afterAll(async () => {
    await registry.close();
  });

  it('a first search fetches the catalog, saying so, and lists the entries holding every word', async () => {
    const found = await cli(['registry', 'search', 'notes', 'tag']);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stderr).toContain("Fetching the registries' catalogs for the first time");
    expect(found.stdout).toMatch(/^ID\s+VERSION\s+KINDS\s+WHAT IT IS$/m);
    expect(found.stdout).toMatch(/^io\.example\/notes\s+2\.1\.0\s+npm, nuget, remote\s+Notes: Notes on disk, searched by tag\. Set NOTES_TOKEN=your-token first$/m);
    expect(found.stdout).toContain('1 match. More of one: connected-services registry show ID');
    // The catalog is kept: the next search asks no registry.
    const queries = registry.queries.length;
    expect((await cli(['registry', 'search', 'notes'])).code).toBe(0);
    expect(registry.queries.length).toBe(queries);
  });

  it('--limit and --json; no match says how to look further; a bad --limit is refused', async () => {
    const json = await cli(['registry', 'search', '--limit', '5', '--json']);
    const parsed = JSON.parse(json.stdout) as { total: number; entries: { name: string }[] };
    expect(parsed.entries).toHaveLength(5);
    expect(parsed.total).toBeGreaterThan(5);
    const none = await cli(['registry', 'search', 'zebra-unicorn']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('No entry holds "zebra-unicorn".');
    expect(none.stderr).toContain('registry refresh');
    const bad = await cli(['registry', 'search', 'x', '--limit', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--limit takes a whole number from 1 to 1000, not "0"');
  });

  it('show: each package and remote numbered as --package and --remote take them, with its inputs', async () => {
    const shown = await cli(['registry', 'show', 'io.example/notes']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('io.example/notes 2.1.0');
    expect(shown.stdout).toContain('--package 1: npm @example/notes-mcp 2.1.0');
    expect(shown.stdout).toMatch(/^ {4}NOTES_TOKEN\s+required, secret: your API token$/m);
    expect(shown.stdout).toMatch(/^ {4}NOTES_REGION\s+optional, default eu, one of eu\/us$/m);
    expect(shown.stdout).toMatch(/--package 2: .*cannot be installed here/);
    expect(shown.stdout).toContain('--remote 1: ');
    expect(shown.stdout).toContain('Add it: connected-services servers add NAME --from-registry io.example/notes@2.1.0');
    expect(shown.stdout).not.toContain('[redacted]');
    // As JSON for a script: the inputs' names as listed (the output's patterns would read `"key": "NOTES_TOKEN"` as a secret).
    const json = JSON.parse((await cli(['registry', 'show', 'io.example/notes', '--json'])).stdout) as { entry: { description: string }; options: { label: string; inputs: { key: string }[] }[] };
    expect(json.options[0]?.inputs.map((i) => i.key)).toEqual(['NOTES_TOKEN', 'NOTES_REGION']);
    expect(json.entry.description).toBe('Notes on disk, searched by tag. Set NOTES_TOKEN=your-token first');
    // A number past them points here.
    const past = await cli(['servers', 'add', 'n5', '--from-registry', 'io.example/notes', '--package', '5']);
    expect(past.stderr).toContain('io.example/notes has no package number 5; it lists 2.');
    expect(past.stderr).toContain('`connected-services registry show io.example/notes` lists each package and remote by number');
    const missing = await cli(['registry', 'show', 'io.example/note']);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain("The registries' catalog has no entry io.example/note.");
    expect(missing.stderr).toContain('Did you mean io.example/notes?');
  });

  it('refresh brings an entry published since; a registry that cannot be reached is said, not a stack trace', async () => {
    registry.add({ name: 'io.example/fresh', description: 'Published after the first search', version: '1.0.0', packages: [{ registryType: 'npm', identifier: '@example/fresh', version: '1.0.0', transport: { type: 'stdio' } }] });
    expect((await cli(['registry', 'search', 'fresh'])).code).toBe(3);
    const refreshed = await cli(['registry', 'refresh']);
    expect(refreshed.code, refreshed.stderr).toBe(0);
    expect(refreshed.stdout).toMatch(/^127\.0\.0\.1:\d+: \d+ entries( \(\d+ refused: invalid or hostile\))?$/m);
    expect((await cli(['registry', 'search', 'fresh'])).stdout).toContain('io.example/fresh');
    registry.fail({ kind: 'status', status: 503 });
    const failed = await cli(['registry', 'refresh']);
    registry.fail(undefined);
    // It has a catalog from before: the failure is said beside it.
    expect(failed.code).toBe(0);
    expect(failed.stdout).toContain('the last refresh failed');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });
});
