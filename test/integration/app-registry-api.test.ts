import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import type { RegistryState } from '../../shared/api';
import { expectedCounts } from '../fixtures/registry/generated-entries';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

// Issue 35 item 1 through the App API of a real core: settings.registries, a refresh, the catalog.
describe('App API: the registry catalog', () => {
  let core: Core;
  let registry: FixtureRegistry;
  let dataDir: string;
  const states: RegistryState[][] = [];

  beforeAll(async () => {
    registry = await startFixtureRegistry(300);
    dataDir = join(mkdtempSync(join(tmpdir(), 'cs-registry-api-')), 'home');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [`${registry.url}/`] } }));
    core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    core.api.on('registryState', ({ registries }) => states.push(registries));
  }, 30_000);

  afterAll(async () => {
    await core?.close();
    await registry?.close();
  });

  it('reads the registries of settings.registries: nothing before a refresh, every entry after, with progress', async () => {
    const before = await core.api.registryCatalog({});
    expect(before).toEqual({ registries: [{ base: registry.url, label: new URL(registry.url).host, entries: 0, skipped: { invalid: 0, hostile: 0 } }], entries: [] });
    const { registries } = await core.api.refreshRegistries({});
    const expected = expectedCounts(300);
    expect(registries[0]).toMatchObject({ base: registry.url, entries: expected.shown, skipped: { invalid: expected.invalid, hostile: expected.hostile } });
    expect(states.some((s) => s[0]?.syncing?.kind === 'full')).toBe(true);
    expect(states.at(-1)?.[0]?.syncing).toBeUndefined();
    const after = await core.api.registryCatalog({});
    expect(after.entries).toHaveLength(expected.shown);
    expect(after.entries.filter((e) => e.status === 'deprecated')).toHaveLength(expected.deprecated);
  });

  it('says so when a refresh fails, keeping the entries', async () => {
    registry.fail({ kind: 'status', status: 502 });
    const { registries } = await core.api.refreshRegistries({});
    expect(registries[0]?.lastFailure?.message).toContain('HTTP 502');
    expect((await core.api.registryCatalog({})).entries).toHaveLength(expectedCounts(300).shown);
    registry.fail(undefined);
  });

  it('marks an entry whose title mixes scripts and reads as another\'s, and the one it reads as', async () => {
    expect((await core.api.registryCatalog({})).entries.filter((e) => e.mixedScripts !== undefined || e.readsAs !== undefined)).toEqual([]);
    const remotes = [{ type: 'streamable-http', url: 'https://h.example/mcp' }];
    registry.add({ name: 'io.example/github', title: 'GitHub', description: 'The real one', version: '1.0.0', remotes });
    registry.add({ name: 'io.example/gh-copy', title: 'Gіthub', description: 'A look-alike', version: '1.0.0', remotes });
    await core.api.refreshRegistries({});
    const { entries } = await core.api.registryCatalog({});
    expect(entries.find((e) => e.name === 'io.example/gh-copy')).toMatchObject({ mixedScripts: ['Cyrillic', 'Latin'], readsAs: ['io.example/github'] });
    const real = entries.find((e) => e.name === 'io.example/github');
    expect(real).toMatchObject({ readsAs: ['io.example/gh-copy'] });
    expect(real?.mixedScripts).toBeUndefined();
  });

  it('says how many versions the registry marked latest when it marked more than one, showing the highest', async () => {
    const remotes = [{ type: 'streamable-http', url: 'https://h.example/mcp' }];
    registry.add({ name: 'io.example/twice', description: 'Marked latest twice', version: '2.0.0', remotes });
    registry.add({ name: 'io.example/twice', description: 'Marked latest twice', version: '1.9.0', remotes });
    await core.api.refreshRegistries({});
    const { entries } = await core.api.registryCatalog({});
    expect(entries.find((e) => e.name === 'io.example/twice')).toMatchObject({ version: '2.0.0', latestMarked: 2 });
    expect(entries.filter((e) => e.latestMarked !== undefined).map((e) => e.name)).toEqual(['io.example/twice']);
    expect(entries.find((e) => e.name === 'io.example/twice')).not.toHaveProperty('latestLastListed');
  });

  it('says the last listed is shown when none of the versions marked latest is a semantic version', async () => {
    const remotes = [{ type: 'streamable-http', url: 'https://h.example/mcp' }];
    registry.add({ name: 'io.example/nightly', description: 'No semver', version: 'nightly-b', remotes });
    registry.add({ name: 'io.example/nightly', description: 'No semver', version: 'nightly-a', remotes });
    await core.api.refreshRegistries({});
    const { entries } = await core.api.registryCatalog({});
    // Which one is last is the registry's listing order; that neither is "the highest" is what is told.
    const nightly = entries.find((e) => e.name === 'io.example/nightly');
    expect(nightly).toMatchObject({ latestMarked: 2, latestLastListed: true });
    expect(['nightly-a', 'nightly-b']).toContain(nightly?.version);
  });

  it('counts a refused entry once when a registry ignores updated_since and sends it on every refresh', async () => {
    const { registries: [before] } = await core.api.refreshRegistries({});
    registry.fail({ kind: 'ignore-since' });
    await core.api.refreshRegistries({});
    const { registries: [after] } = await core.api.refreshRegistries({});
    registry.fail(undefined);
    expect(before?.skipped.invalid).toBeGreaterThan(0);
    expect(before?.skipped.hostile).toBeGreaterThan(0);
    expect(after?.skipped).toEqual(before?.skipped);
  });
});
