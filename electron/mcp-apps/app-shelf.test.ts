import { describe, expect, it } from 'vitest';
import { AppShelf, type AppDocument } from './app-shelf';

const doc = (html = '<p>hi</p>'): AppDocument => ({ server: 's', uri: 'ui://s/v.html', html, declared: undefined, granted: [] });

describe('AppShelf', () => {
  it('serves a document only under its unguessable id, until it expires', () => {
    let now = 0;
    const shelf = new AppShelf({ ttlMs: 1_000, now: () => now });
    const id = shelf.put(doc());
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shelf.get(id)?.html).toBe('<p>hi</p>');
    expect(shelf.get('x'.repeat(43))).toBeUndefined();
    now = 1_000;
    expect(shelf.get(id)).toBeUndefined();
  });

  it('is bounded in count and size, and drops a closed app at once', () => {
    const shelf = new AppShelf({ maxDocuments: 2, maxBytes: 10 });
    const first = shelf.put(doc('a'));
    const second = shelf.put(doc('b'));
    const third = shelf.put(doc('c'));
    expect(shelf.get(first)).toBeUndefined();
    expect(shelf.size).toBe(2);
    expect(() => shelf.put(doc('x'.repeat(11)))).toThrow(/larger than/);
    shelf.drop(second);
    expect(shelf.get(second)).toBeUndefined();
    expect(shelf.get(third)?.html).toBe('c');
  });

  it('keeps an open app while it is used, however long it stays open; only an app nobody keeps expires', () => {
    let now = 0;
    const shelf = new AppShelf({ ttlMs: 10 * 60_000, maxDocuments: 2, now: () => now });
    const kept = shelf.put(doc('kept'));
    const left = shelf.put(doc('left'));
    for (now = 60_000; now <= 60 * 60_000; now += 60_000) expect(shelf.keep(kept)).toBe(true);
    expect(shelf.get(kept)?.html).toBe('kept');
    expect(shelf.get(left)).toBeUndefined();
    expect(shelf.keep(left)).toBe(false);
    // Closed: keeping it brings nothing back.
    shelf.drop(kept);
    expect(shelf.keep(kept)).toBe(false);
  });

  it('pushes out the app used longest ago when full, not the one opened first', () => {
    const shelf = new AppShelf({ maxDocuments: 2 });
    const first = shelf.put(doc('a'));
    const second = shelf.put(doc('b'));
    shelf.keep(first);
    shelf.put(doc('c'));
    expect(shelf.get(first)?.html).toBe('a');
    expect(shelf.get(second)).toBeUndefined();
  });
});
