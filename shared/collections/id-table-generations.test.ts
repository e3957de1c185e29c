import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table';

// Why the bridge keeps its requests in flight in an IdTable, not a Set or Map (the 2026-07-28 lane's
// exchanges, electron/bridge/modern-lane.ts; docs/bridge.md §Speed of the two eras): once a Set that
// gains and loses an entry per request is in the old generation, the tables it replaces keep their
// entries, so every entry it held survives young collections and is promoted (each a request and its
// response, in the lane). Measured as the old generation's growth over young collections only.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const oldSpaceUsed = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

const IN_FLIGHT = 16;
const CHURNED = 10_000;

/** Requests in flight as the lane keeps them: added when one starts, deleted when it ends, 16 at a time. */
interface Table {
  add(id: number, value: object): void;
  delete(id: number, value: object): void;
}

/** Bytes the old generation grew by while `CHURNED` entries (about 600 bytes each) came and went, with only young collections. */
function promotedBy(table: Table): number {
  const live: Array<{ id: number; value: object }> = [];
  let next = 0;
  const start = (): void => {
    const entry = { id: next++, value: { payload: new Array<number>(64).fill(0) } };
    table.add(entry.id, entry.value);
    live.push(entry);
  };
  const end = (): void => {
    const entry = live.shift();
    if (entry) table.delete(entry.id, entry.value);
  };
  for (let i = 0; i < IN_FLIGHT; i++) start();
  for (let i = 0; i < 2_000; i++) {
    start();
    end();
  }
  // The table (as a long-lived server's is) now in the old generation.
  gc();
  gc();
  const before = oldSpaceUsed();
  for (let round = 0; round < CHURNED / 500; round++) {
    for (let i = 0; i < 500; i++) {
      start();
      end();
    }
    gc({ type: 'minor' });
  }
  return oldSpaceUsed() - before;
}

describe('IdTable across young collections', () => {
  it('lets entries deleted from an old table die young, where a Set promotes them', () => {
    const ids = new IdTable<object>();
    const table = promotedBy({ add: (id, value) => ids.set(id, value), delete: (id) => ids.delete(id) });
    const values = new Set<object>();
    const set = promotedBy({ add: (_id, value) => values.add(value), delete: (_id, value) => values.delete(value) });
    // The Set: about every churned entry (~6 MB on Node 20); if V8 stops doing so, this check has nothing left to show.
    expect(set).toBeGreaterThan(2_000_000);
    // The IdTable: next to nothing (~10 KB).
    expect(table).toBeLessThan(500_000);
  });
});
