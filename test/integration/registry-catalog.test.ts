import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIDDEN_CHAR } from '../../shared/text';
import { RegistryCatalog, snapshotFile } from '../../electron/mcp-registry';
import { expectedCounts, fixtureName } from '../fixtures/registry/generated-entries';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const COUNT = 35_000;
const noNetwork = (): Promise<Response> => Promise.reject(new Error('offline'));

describe('the registry catalog against a registry of our own (35,000 entries)', () => {
  let registry: FixtureRegistry;
  let dataDir: string;
  let catalog: RegistryCatalog;
  const progress: number[] = [];

  beforeAll(async () => {
    registry = await startFixtureRegistry(COUNT);
    dataDir = await mkdtemp(path.join(tmpdir(), 'cs-registry-'));
    catalog = new RegistryCatalog({ dataDir, registries: () => [registry.url] });
    catalog.on('state', ([state]) => {
      if (state?.syncing) progress.push(state.syncing.received);
    });
  });
  afterAll(async () => {
    await registry.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('first sync pages through everything with the cursor; skips and counts invalid and hostile entries', async () => {
    const [state] = await catalog.refresh();
    const expected = expectedCounts(COUNT);
    expect(registry.queries.every((q) => !q.has('updated_since'))).toBe(true);
    expect(registry.queries.length).toBeGreaterThan(COUNT / 100);
    expect(state).toMatchObject({ entries: expected.shown, skipped: { invalid: expected.invalid, hostile: expected.hostile } });
    expect(state?.lastFailure).toBeUndefined();
    // Progress was reported page by page, growing.
    expect(progress.length).toBe(registry.queries.length);
    expect(progress.at(-1)).toBeGreaterThan(COUNT);
    const rows = catalog.rows();
    expect(rows).toHaveLength(expected.shown);
    expect(rows.filter((r) => r.status === 'deprecated')).toHaveLength(expected.deprecated);
    expect(rows.find((r) => r.name === fixtureName(3))).toMatchObject({ status: 'deprecated', statusMessage: 'Use server 4 instead' });
    // An entry with two versions shows the latest; deleted and spoiled ones are not there.
    expect(rows.find((r) => r.name === fixtureName(11))?.version).toBe('1.1.0');
    for (const gone of [9, 7, 13, 21, 34, 55]) expect(rows.some((r) => r.name === fixtureName(gone))).toBe(false);
    expect(rows.some((r) => HIDDEN_CHAR.test(`${r.title ?? ''}${r.description}`))).toBe(false);
  }, 120_000);

  it('works offline from the snapshot in the data folder', async () => {
    const offline = new RegistryCatalog({ dataDir, registries: () => [registry.url], fetch: noNetwork });
    await offline.load();
    expect(offline.rows()).toEqual(catalog.rows());
  }, 60_000);

  it('an incremental sync asks with updated_since and applies changes, deprecations, deletions and new versions', async () => {
    const before = registry.queries.length;
    registry.change(fixtureName(100), { description: 'Now about forecasts' });
    registry.change(fixtureName(101), { status: 'deprecated', statusMessage: 'Moved to io.example/new' });
    registry.change(fixtureName(102), { status: 'deleted' });
    registry.publish(fixtureName(104), '2.0.0');
    registry.add({ name: 'io.example.new/fresh', description: 'A new server', version: '0.1.0', packages: [{ registryType: 'npm', identifier: 'fresh-mcp', version: '0.1.0', transport: { type: 'stdio' } }] });
    registry.add({ name: 'io.example.new/sneaky', description: 'Looks fine \u2066hidden\u2069', version: '0.1.0' });
    const [state] = await catalog.refresh();
    expect(state?.lastFailure).toBeUndefined();
    const asked = registry.queries.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.get('updated_since')).toBe('2025-10-01T09:43:19.000Z');
    const expected = expectedCounts(COUNT);
    expect(state).toMatchObject({ entries: expected.shown /* one new, one deleted */, skipped: { hostile: expected.hostile + 1 } });
    const rows = catalog.rows();
    const row = (i: number) => rows.find((r) => r.name === fixtureName(i));
    expect(row(100)?.description).toBe('Now about forecasts');
    expect(row(101)).toMatchObject({ status: 'deprecated', statusMessage: 'Moved to io.example/new' });
    expect(row(102)).toBeUndefined();
    expect(row(104)?.version).toBe('2.0.0');
    expect(rows.find((r) => r.name === 'io.example.new/fresh')).toMatchObject({ packages: [{ registryType: 'npm', identifier: 'fresh-mcp' }] });
  }, 60_000);

  it('a failed refresh keeps the snapshot and says so, across a restart', async () => {
    const rows = catalog.rows();
    const file = snapshotFile(dataDir, registry.url);
    for (const failure of [{ kind: 'status', status: 503 }, { kind: 'garbage' }, { kind: 'huge' }, { kind: 'loop' }] as const) {
      registry.fail(failure);
      const [state] = await catalog.refresh({ full: true });
      expect(state?.lastFailure?.message).toMatch(/registry at http:\/\/127\.0\.0\.1/);
      expect(catalog.rows()).toBe(rows);
    }
    // Midway through a full sync: what had arrived is dropped, the old snapshot stays.
    registry.fail({ kind: 'status', status: 500 }, 5);
    const [state] = await catalog.refresh({ full: true });
    expect(state?.entries).toBe(rows.length);
    expect(state?.lastFailure?.message).toContain('HTTP 500');
    registry.fail(undefined);
    const reopened = new RegistryCatalog({ dataDir, registries: () => [registry.url], fetch: noNetwork });
    await reopened.load();
    expect(reopened.state()[0]?.lastFailure?.message).toContain('HTTP 500');
    expect(reopened.rows()).toHaveLength(rows.length);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 1, base: registry.url });
    // The next good refresh clears the failure.
    const [after] = await catalog.refresh();
    expect(after?.lastFailure).toBeUndefined();
  }, 120_000);
});

describe('a registry that sends more than a catalog holds', () => {
  it('stops the refresh at the bound, says so in its result and keeps the snapshot it had', async () => {
    const registry = await startFixtureRegistry(400);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cs-registry-'));
    try {
      const small = new RegistryCatalog({ dataDir, registries: () => [registry.url] });
      const [first] = await small.refresh();
      const held = first?.entries ?? 0;
      expect(held).toBe(expectedCounts(400).shown);
      const asked = registry.queries.length;
      const bounded = new RegistryCatalog({ dataDir, registries: () => [registry.url], syncLimits: { entries: 150, bytes: 64 * 1024 * 1024 } });
      const [state] = await bounded.refresh({ full: true });
      expect(state?.lastFailure?.message).toBe(`The registry at ${registry.url} sent more than 150 entries, more than one catalog holds; the sync stopped and the catalog keeps what it had.`);
      expect(state?.entries).toBe(held);
      // It stopped at the page that passed the bound (100 entries a page): the second.
      expect(registry.queries.length - asked).toBe(2);
    } finally {
      await registry.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a second registry', () => {
  it('is read beside the first, each its own snapshot, entries in the configured order', async () => {
    const first = await startFixtureRegistry(120);
    const second = await startFixtureRegistry(80);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cs-registry-'));
    try {
      second.add({ name: 'com.company/internal', title: 'Internal tools', description: 'Only at the company', version: '3.1.4', remotes: [{ type: 'streamable-http', url: 'https://mcp.company.example/mcp' }] });
      const catalog = new RegistryCatalog({ dataDir, registries: () => [second.url, first.url] });
      const states = await catalog.refresh();
      expect(states.map((s) => s.base)).toEqual([second.url, first.url]);
      expect(states.map((s) => s.entries)).toEqual([expectedCounts(80).shown + 1, expectedCounts(120).shown]);
      const rows = catalog.rows();
      expect(rows[0]?.registry).toBe(second.url);
      expect(rows.at(-1)?.registry).toBe(first.url);
      expect(rows.find((r) => r.name === 'com.company/internal')).toMatchObject({ registry: second.url, remotes: ['streamable-http'] });
      expect(snapshotFile(dataDir, first.url)).not.toBe(snapshotFile(dataDir, second.url));
      // One registry down: the other still refreshes.
      await first.close();
      const [secondState, firstState] = await catalog.refresh();
      expect(secondState?.lastFailure).toBeUndefined();
      expect(firstState?.lastFailure?.message).toMatch(/Could not reach/);
      expect(firstState?.entries).toBe(expectedCounts(120).shown);
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
