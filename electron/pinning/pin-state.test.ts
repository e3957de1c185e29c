import { describe, expect, it } from 'vitest';
import { decide, review, type PinState } from './pin-state';

interface Item {
  name: string;
  v: number;
}
const digest = (i: Item): string => `${i.name}:${i.v}`.padEnd(64, '0');
const opts = { key: (i: Item): string => i.name, digest, acceptNew: false, now: 1 };
const items = (...pairs: Array<[string, number]>): Item[] => pairs.map(([name, v]) => ({ name, v }));

describe('reviewing a listing against its pins', () => {
  it('approves everything on first sight', () => {
    const first = review(undefined, items(['a', 1], ['b', 1]), opts);
    expect(first.visible).toEqual(items(['a', 1], ['b', 1]));
    expect(first.approvedNow).toEqual(['a', 'b']);
  });

  it('holds a change (the approved one stays visible) and an addition; a removal goes at once', () => {
    const { next } = review(undefined, items(['a', 1], ['b', 1]), opts);
    const later = review(next, items(['a', 2], ['c', 1]), opts);
    expect(later.visible).toEqual(items(['a', 1]));
    expect(later.removed).toEqual(['b']);
    expect(Object.keys(later.next.held).sort()).toEqual(['a', 'c']);
    expect(later.heldChanged).toBe(true);
    // The same listing again changes nothing.
    const again = review(later.next, items(['a', 2], ['c', 1]), opts);
    expect(again.changed).toBe(false);
    expect(again.visible).toEqual(items(['a', 1]));
  });

  it('accepting makes the held definition the approved one; refusing keeps it out for good', () => {
    const { next } = review(undefined, items(['a', 1]), opts);
    const held = review(next, items(['a', 2], ['c', 1]), opts).next;
    const accepted = decide(held, 'a', 'accept', 2) as PinState<Item>;
    const refused = decide(accepted, 'c', 'refuse', 2) as PinState<Item>;
    const after = review(refused, items(['a', 2], ['c', 1]), opts);
    expect(after.visible).toEqual(items(['a', 2]));
    expect(after.next.held).toEqual({});
    // A refused change of an approved tool keeps the approved definition.
    const changedAgain = review(after.next, items(['a', 3]), opts);
    const refusedChange = decide(changedAgain.next, 'a', 'refuse', 3) as PinState<Item>;
    expect(review(refusedChange, items(['a', 3]), opts).visible).toEqual(items(['a', 2]));
    expect(decide(refusedChange, 'nothing', 'accept', 3)).toBeUndefined();
  });

  it('acceptNew lets additions through, never changes', () => {
    const { next } = review(undefined, items(['a', 1]), opts);
    const later = review(next, items(['a', 2], ['n', 1]), { ...opts, acceptNew: true });
    expect(later.visible).toEqual(items(['a', 1], ['n', 1]));
    expect(later.approvedNow).toEqual(['n']);
    expect(Object.keys(later.next.held)).toEqual(['a']);
  });

  it('takes names such as toString, constructor and __proto__ as names, not as members every object has', () => {
    const names: Array<[string, number]> = [['toString', 1], ['constructor', 1], ['__proto__', 1]];
    const first = review(undefined, items(...names), opts);
    expect(first.approvedNow).toEqual(['toString', 'constructor', '__proto__']);
    // Written as a key of the pin file, not as the record's prototype.
    expect(Object.hasOwn(JSON.parse(JSON.stringify(first.next.approved)) as object, '__proto__')).toBe(true);
    // Unchanged: visible, nothing held; changed: held like any other.
    const same = review(first.next, items(...names), opts);
    expect(same.changed).toBe(false);
    expect(same.visible).toHaveLength(3);
    const changed = review(first.next, items(['toString', 2], ['constructor', 1], ['__proto__', 2]), opts);
    expect(Object.keys(changed.next.held).sort()).toEqual(['__proto__', 'toString']);
    const refused = decide(changed.next, 'toString', 'refuse', 2) as PinState<Item>;
    expect(Object.keys(refused.refused)).toEqual(['toString']);
    // Nothing named hasOwnProperty waits or was refused.
    expect(decide(refused, 'hasOwnProperty', 'accept', 2)).toBeUndefined();
    expect(decide(refused, 'valueOf', 'forget', 2)).toBeUndefined();
  });
});
