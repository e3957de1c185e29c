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
});
