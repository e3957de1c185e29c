import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../net';
import { OFFICIAL_META } from './server-json';
import { STALE_PAGES, SYNC_BUDGET_MS, syncRegistry, VERSIONS_COUNTED_PER_NAME, VERSIONS_PER_ENTRY } from './sync';
import type { Snapshot } from './snapshot';

const BASE = 'https://registry.example';
const item = (n: number, extra = '', status = 'active') => ({
  server: { name: `io.example/s${n}`, description: `Server ${n}${extra}`, version: '1.0.0' },
  _meta: { [OFFICIAL_META]: { status, isLatest: true, updatedAt: '2025-10-01T00:00:00Z' } },
});

/** A registry of `pages` pages, the n-th page holding the given items; asked pages are counted. */
function registry(pages: unknown[][]): { fetch: FetchLike; asked: () => number } {
  let asked = 0;
  const fetch: FetchLike = (url) => {
    const cursor = new URL(String(url)).searchParams.get('cursor');
    const at = cursor === null ? 0 : Number(cursor);
    asked += 1;
    const next = at + 1 < pages.length ? { nextCursor: String(at + 1) } : {};
    return Promise.resolve(new Response(JSON.stringify({ servers: pages[at], metadata: next }), { headers: { 'content-type': 'application/json' } }));
  };
  return { fetch, asked: () => asked };
}

const page = (from: number, count: number, extra = '') => Array.from({ length: count }, (_, i) => item(from + i, extra));

describe('syncRegistry bounds what one catalog holds', () => {
  it('stops at the page that passes the entry bound, before asking for the next, and says so', async () => {
    const served = registry([page(0, 4), page(4, 4), page(8, 4), page(12, 4)]);
    await expect(syncRegistry({ fetch: served.fetch, base: BASE, limits: { entries: 6, bytes: 1 << 20 } })).rejects.toThrow(
      `The registry at ${BASE} sent more than 6 entries, more than one catalog holds; the sync stopped and the catalog keeps what it had.`,
    );
    expect(served.asked()).toBe(2);
  });

  it('stops past the byte bound: the size of the entries held, as JSON', async () => {
    const long = ` ${'x'.repeat(380)}`;
    const served = registry([page(0, 2, long), page(2, 2, long), page(4, 2, long)]);
    await expect(syncRegistry({ fetch: served.fetch, base: BASE, limits: { entries: 100, bytes: 1500 } })).rejects.toThrow(/sent entries of more than 0\.\d+ MiB/);
    expect(served.asked()).toBe(2);
  });

  it('counts what is held, not what was sent: the same entry again, or a deleted one, adds nothing', async () => {
    const again = [page(0, 3), page(0, 3), [item(0, '', 'deleted'), item(1, '', 'deleted'), item(3)]];
    const snapshot = await syncRegistry({ fetch: registry(again).fetch, base: BASE, limits: { entries: 3, bytes: 1 << 20 } });
    expect(snapshot.entries.map((e) => e.server.name)).toEqual(['io.example/s2', 'io.example/s3']);
  });

  it('counts an incremental sync from the snapshot it starts with', async () => {
    const previous: Snapshot = { ...(await syncRegistry({ fetch: registry([page(0, 3)]).fetch, base: BASE })), updatedSince: '2025-10-01T00:00:00Z' };
    await expect(syncRegistry({ fetch: registry([page(3, 2)]).fetch, base: BASE, previous, limits: { entries: 4, bytes: 1 << 20 } })).rejects.toThrow(/more than 4 entries/);
    expect((await syncRegistry({ fetch: registry([page(3, 1)]).fetch, base: BASE, previous, limits: { entries: 4, bytes: 1 << 20 } })).entries).toHaveLength(4);
  });
});

describe('syncRegistry counts refused entries', () => {
  const bad = (n: number) => ({ server: { name: `io.example/bad${n}`, description: 'Bad', version: 42 } });
  const hostile = (n: number) => ({ server: { name: `io.example/h${n}`, description: 'Hidden\u202e', version: '1.0.0' } });

  it('once each when an incremental sync is sent them again, and a new one as new', async () => {
    const first = { ...(await syncRegistry({ fetch: registry([[item(0), bad(1), hostile(1)]]).fetch, base: BASE })), updatedSince: '2025-10-01T00:00:00Z' };
    expect(first.skipped).toEqual({ invalid: 1, hostile: 1 });
    const again = await syncRegistry({ fetch: registry([[item(0), bad(1), hostile(1)]]).fetch, base: BASE, previous: first });
    expect(again.skipped).toEqual({ invalid: 1, hostile: 1 });
    const more = await syncRegistry({ fetch: registry([[bad(1), bad(2), hostile(1), hostile(2)]]).fetch, base: BASE, previous: again });
    expect(more.skipped).toEqual({ invalid: 2, hostile: 2 });
  });
});

describe('syncRegistry stops a registry that pages on without end', () => {
  it('stops after STALE_PAGES pages in a row with nothing new under ever fresh cursors, and says so', async () => {
    let asked = 0;
    const fetch: FetchLike = () => {
      asked += 1;
      return Promise.resolve(Response.json({ servers: page(0, 3), metadata: { nextCursor: `fresh-${asked}` } }));
    };
    await expect(syncRegistry({ fetch, base: BASE })).rejects.toThrow(
      `The registry at ${BASE} sent ${STALE_PAGES} pages in a row with nothing new, each with a further cursor; the sync stopped and the catalog keeps what it had.`,
    );
    expect(asked).toBe(STALE_PAGES + 1);
  });

  // Each version was new, so every page counted as fresh: 5,000,000 entries and over a GiB before the page bound.
  it('counts at most VERSIONS_COUNTED_PER_NAME versions of one name as new: invented versions end at STALE_PAGES', async () => {
    let asked = 0;
    const fetch: FetchLike = () => {
      asked += 1;
      const versions = Array.from({ length: 100 }, (_, i) => ({ ...item(0), server: { ...item(0).server, version: `1.${asked}.${i}` } }));
      return Promise.resolve(Response.json({ servers: versions, metadata: { nextCursor: `fresh-${asked}` } }));
    };
    await expect(syncRegistry({ fetch, base: BASE })).rejects.toThrow(`sent ${STALE_PAGES} pages in a row with nothing new`);
    expect(asked).toBe(VERSIONS_COUNTED_PER_NAME / 100 + STALE_PAGES);
  });

  it('takes in at most VERSIONS_PER_ENTRY versions per entry it may hold, deleted ones included, and says so', async () => {
    let asked = 0;
    const fetch: FetchLike = () => {
      asked += 1;
      return Promise.resolve(Response.json({ servers: Array.from({ length: 10 }, (_, i) => item(asked * 10 + i, '', 'deleted')), metadata: { nextCursor: `fresh-${asked}` } }));
    };
    const max = 6 * VERSIONS_PER_ENTRY;
    await expect(syncRegistry({ fetch, base: BASE, limits: { entries: 6, bytes: 1 << 20 } })).rejects.toThrow(`The registry at ${BASE} sent more than ${max} versions; the sync stopped`);
    expect(asked).toBe(max / 10 + 1);
  });

  it('goes on while pages bring new entries, however many pages in a row', async () => {
    const served = registry(Array.from({ length: STALE_PAGES * 2 }, (_, n) => page(n, 1)));
    expect((await syncRegistry({ fetch: served.fetch, base: BASE })).entries).toHaveLength(STALE_PAGES * 2);
  });

  it('stops a sync that outlasts SYNC_BUDGET_MS on its clock, before asking for another page', async () => {
    const served = registry(Array.from({ length: 30 }, (_, n) => page(n, 1)));
    // Each page costs a minute on the sync's clock.
    const now = (): number => served.asked() * 60_000;
    await expect(syncRegistry({ fetch: served.fetch, base: BASE, now })).rejects.toThrow(`The registry at ${BASE} took more than ${SYNC_BUDGET_MS / 60_000} minutes to page through`);
    expect(served.asked()).toBe(SYNC_BUDGET_MS / 60_000 + 1);
  });
});

describe('syncRegistry with several versions marked latest', () => {
  const version = (v: string, isLatest = true) => ({
    server: { name: 'io.example/multi', description: `At ${v}`, version: v },
    _meta: { [OFFICIAL_META]: { status: 'active', isLatest, updatedAt: '2025-10-01T00:00:00Z' } },
  });

  it('shows the highest valid semantic version among them, not the last listed', async () => {
    const listed = ['1.0.0', '10.0.0', '9.0.0', '1.0.0-beta', '2.0', 'latest', '1.0.0'].map((v) => version(v, v !== '1.0.0-beta'));
    const snapshot = await syncRegistry({ fetch: registry([listed]).fetch, base: BASE });
    expect(snapshot.entries.map((e) => e.server.version)).toEqual(['10.0.0']);
    // 1.0.0, 10.0.0, 9.0.0, 2.0 and `latest`: the person is told, not left to think it the only one.
    expect(snapshot.entries[0]?.latestMarked).toBe(5);
  });

  it('says nothing of one version marked latest, and forgets the count when a later sync brings one', async () => {
    const one = await syncRegistry({ fetch: registry([[version('1.0.0', false), version('1.1.0')]]).fetch, base: BASE });
    expect(one.entries[0]).not.toHaveProperty('latestMarked');
    const twice = await syncRegistry({ fetch: registry([[version('1.0.0'), version('1.1.0')]]).fetch, base: BASE });
    expect(twice.entries[0]?.latestMarked).toBe(2);
    const previous: Snapshot = { ...twice, updatedSince: '2025-10-01T00:00:00Z' };
    // An incremental sync that brings nothing of it keeps what the full one saw; one that brings its one latest drops it.
    expect((await syncRegistry({ fetch: registry([[item(7)]]).fetch, base: BASE, previous })).entries.find((e) => e.server.name === 'io.example/multi')?.latestMarked).toBe(2);
    const next = await syncRegistry({ fetch: registry([[version('1.2.0')]]).fetch, base: BASE, previous });
    expect(next.entries[0]).not.toHaveProperty('latestMarked');
  });

  it('an incremental sync still takes the registry\'s new latest over the snapshot\'s, even a lower version', async () => {
    const previous: Snapshot = { ...(await syncRegistry({ fetch: registry([[version('2.0.0')]]).fetch, base: BASE })), updatedSince: '2025-10-01T00:00:00Z' };
    const next = await syncRegistry({ fetch: registry([[version('1.5.0')]]).fetch, base: BASE, previous });
    expect(next.entries.map((e) => e.server.version)).toEqual(['1.5.0']);
  });
});

describe('syncRegistry and dates in the future', () => {
  /** A registry of one page that records the `updated_since` each request asked for. */
  function recording(items: unknown[]): { fetch: FetchLike; since: (string | null)[] } {
    const since: (string | null)[] = [];
    const fetch: FetchLike = (url) => {
      since.push(new URL(String(url)).searchParams.get('updated_since'));
      return Promise.resolve(new Response(JSON.stringify({ servers: items }), { headers: { 'content-type': 'application/json' } }));
    };
    return { fetch, since };
  }
  const future = { ...item(1), _meta: { [OFFICIAL_META]: { status: 'active', isLatest: true, updatedAt: '9999-12-31T23:59:59Z' } } };

  it('does not take an entry dated after the sync began as the next sync\'s updated_since', async () => {
    const snapshot = await syncRegistry({ fetch: recording([item(0), future]).fetch, base: BASE });
    expect(snapshot.updatedSince).toBe('2025-10-01T00:00:00Z');
  });

  it('syncs in full from a snapshot that holds a future updated_since', async () => {
    const previous: Snapshot = { ...(await syncRegistry({ fetch: recording([item(0)]).fetch, base: BASE })), updatedSince: '9999-12-31T23:59:59Z' };
    const served = recording([item(0)]);
    await syncRegistry({ fetch: served.fetch, base: BASE, previous });
    expect(served.since).toEqual([null]);
  });
});
