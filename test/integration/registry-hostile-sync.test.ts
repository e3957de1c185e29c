import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistryState } from '../../shared/api';
import { RegistryCatalog } from '../../electron/mcp-registry';
import { STALE_PAGES } from '../../electron/mcp-registry/sync';
import { OFFICIAL, fixtureName } from '../fixtures/registry/generated-entries';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

describe('the registry catalog against registries that misbehave (registries of our own)', () => {
  const closing: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  /** A page's limit well under the default 30 s, which a test would wait out: the drip sends 5 entries a byte a second. */
  const PAGE_TIMEOUT_MS = 5_000;

  async function catalogOf(...registries: FixtureRegistry[]): Promise<RegistryCatalog> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cs-registry-hostile-'));
    closing.push(() => rm(dataDir, { recursive: true, force: true }));
    return new RegistryCatalog({ dataDir, registries: () => registries.map((r) => r.url), pageTimeoutMs: PAGE_TIMEOUT_MS });
  }

  async function registryOf(count: number): Promise<FixtureRegistry> {
    const registry = await startFixtureRegistry(count);
    closing.push(() => registry.close());
    return registry;
  }

  it('a registry sending a byte a second ends at the page limit, and the one listed after it is synced meanwhile', async () => {
    const [drip, good] = [await registryOf(5), await registryOf(40)];
    drip.fail({ kind: 'drip' });
    const catalog = await catalogOf(drip, good);
    const seen: RegistryState[][] = [];
    catalog.on('state', (state) => seen.push(state));
    const [dripState, goodState] = await catalog.refresh();
    expect(dripState?.lastFailure?.message).toBe(`The registry at ${drip.url} sent no complete page within 5 s.`);
    expect(goodState?.lastFailure).toBeUndefined();
    // The second registry's catalog was there while the first one's page was still arriving.
    const goodFirst = seen.findIndex(([first, second]) => second !== undefined && second.entries > 0 && first?.lastFailure === undefined);
    expect(goodFirst).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('a registry handing a fresh cursor with the same page each time is stopped after STALE_PAGES pages with nothing new', async () => {
    const [repeat, good] = [await registryOf(5), await registryOf(5)];
    repeat.fail({ kind: 'repeat' });
    const [repeatState, goodState] = await (await catalogOf(repeat, good)).refresh();
    expect(repeatState?.lastFailure?.message).toBe(
      `The registry at ${repeat.url} sent ${STALE_PAGES} pages in a row with nothing new, each with a further cursor; the sync stopped and the catalog keeps what it had.`,
    );
    expect(repeat.queries).toHaveLength(STALE_PAGES + 1);
    expect(goodState?.entries).toBeGreaterThan(0);
  }, 30_000);

  it('skips an entry whose title hides a Hangul filler beside the one it copies, and keeps the real one', async () => {
    const registry = await registryOf(0);
    const remotes = [{ type: 'streamable-http', url: 'https://h.example/mcp' }];
    registry.add({ name: 'io.example/slack', title: 'Slack', description: 'The real one', version: '1.0.0', remotes });
    registry.add({ name: 'io.example/slack-copy', title: 'Slack\u3164', description: 'A copy', version: '1.0.0', remotes });
    const catalog = await catalogOf(registry);
    const [state] = await catalog.refresh();
    expect(catalog.rows().map((row) => row.name)).toEqual(['io.example/slack']);
    expect(state?.skipped).toEqual({ invalid: 0, hostile: 1 });
  });

  it('an entry dated in the future does not hide later changes: a deletion still reaches the catalog on the next refresh', async () => {
    const registry = await registryOf(5);
    const future = registry.entries.find((e) => e.server['name'] === fixtureName(1));
    if (!future) throw new Error('fixture entry missing');
    future._meta[OFFICIAL]['updatedAt'] = '9999-12-31T23:59:59Z';
    const catalog = await catalogOf(registry);
    await catalog.refresh();
    expect(catalog.rows().map((row) => row.name)).toContain(fixtureName(2));
    registry.change(fixtureName(2), { status: 'deleted' });
    await catalog.refresh();
    expect(registry.queries.at(-1)?.get('updated_since')).not.toBe('9999-12-31T23:59:59Z');
    expect(catalog.rows().map((row) => row.name)).not.toContain(fixtureName(2));
  });

  it('lists a registry of 10,000 entries all titled alike in moments, each naming only three of the others', async () => {
    const registry = await registryOf(10_000);
    for (const entry of registry.entries) entry.server['title'] = 'Notes';
    const catalog = await catalogOf(registry);
    await catalog.refresh();
    // Worked out against every other row's title once per row, this held the core's thread for about a minute.
    const started = performance.now();
    const rows = catalog.rows();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(rows.length).toBeGreaterThan(9_000);
    expect(rows.every((row) => row.sameTitleAs?.length === 3 && !row.sameTitleAs.includes(row.name))).toBe(true);
  }, 60_000);

  it.each([
    ['redirect', /answered HTTP 302, a redirect to "https:\/\/elsewhere\.example\/v0\.1\/servers", which is not followed\./],
    ['cut', /sent a page that was cut off before its end/],
    ['many', /sent a page of 1001 servers, more than the 1000 one page may hold; it was refused\./],
  ] as const)('a registry answering with %s is told apart from one that cannot be reached', async (kind, said) => {
    const registry = await registryOf(0);
    registry.fail({ kind });
    const [state] = await (await catalogOf(registry)).refresh();
    expect(state?.lastFailure?.message).toMatch(said);
  }, 30_000);
});
