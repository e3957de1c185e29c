import { describe, expect, it } from 'vitest';
import { PendingStore } from './pending-store';

interface Item {
  id: string;
  requestedAt: number;
}

/** A listing the test answers when it wants: the answer is what the core held when it read it. */
function heldListing(): { list: () => Promise<readonly Item[]>; answer: (items: Item[]) => void } {
  let answer: (items: Item[]) => void = () => undefined;
  return { list: () => new Promise((resolve) => (answer = resolve)), answer: (items) => answer(items) };
}

describe('PendingStore', () => {
  it('merges the listing with what events brought, oldest first, each once', async () => {
    const listing = heldListing();
    const store = new PendingStore<Item>(listing.list);
    const loaded = store.load();
    store.add({ id: 'b', requestedAt: 2 });
    listing.answer([{ id: 'b', requestedAt: 2 }, { id: 'a', requestedAt: 1 }]);
    await loaded;
    expect(store.get().map((p) => p.id)).toEqual(['a', 'b']);
  });

  it('replaces one held with the same id where it stands, shown once', () => {
    const store = new PendingStore<Item & { summary?: string }>(() => Promise.resolve([]));
    store.add({ id: 'a', requestedAt: 1 });
    store.add({ id: 'x/changing', requestedAt: 2, summary: 'first' });
    store.add({ id: 'c', requestedAt: 3 });
    store.add({ id: 'x/changing', requestedAt: 2, summary: 'newest' });
    expect(store.get().map((p) => [p.id, p.summary])).toEqual([
      ['a', undefined],
      ['x/changing', 'newest'],
      ['c', undefined],
    ]);
  });

  it('does not bring back what was settled while the listing was on its way', async () => {
    const listing = heldListing();
    const store = new PendingStore<Item>(listing.list);
    const loaded = store.load();
    // Decided in another window after the core read its list, before the answer arrived.
    store.remove('gone');
    listing.answer([{ id: 'gone', requestedAt: 1 }, { id: 'waiting', requestedAt: 2 }]);
    await loaded;
    expect(store.get().map((p) => p.id)).toEqual(['waiting']);
  });

  it('keeps nothing when the core cannot list (an older core)', async () => {
    const store = new PendingStore<Item>(() => Promise.reject(new Error('unknown method')));
    await store.load();
    expect(store.get()).toEqual([]);
  });
});
