import { describe, expect, it } from 'vitest';
import { LinkedList, type Linked } from './linked-list';

interface Entry extends Linked<Entry> {
  name: string;
}

const entry = (name: string): Entry => ({ name, prev: undefined, next: undefined });
const names = (list: LinkedList<Entry>): string[] => [...list].map((e) => e.name);

describe('LinkedList', () => {
  it('keeps entries in the order added and counts them', () => {
    const list = new LinkedList<Entry>();
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    list.push(a);
    list.push(b);
    list.push(c);
    expect(names(list)).toEqual(['a', 'b', 'c']);
    expect(list.size).toBe(3);
    expect(list.first).toBe(a);
    expect(a.next).toBe(b);
    expect(c.prev).toBe(b);
  });

  it('deletes from the front, the middle and the end, and pushes after that at the end', () => {
    const list = new LinkedList<Entry>();
    const all = ['a', 'b', 'c', 'd', 'e'].map(entry);
    for (const e of all) list.push(e);
    const [a, b, c, d, e] = all as [Entry, Entry, Entry, Entry, Entry];
    expect(list.delete(c)).toBe(true);
    expect(names(list)).toEqual(['a', 'b', 'd', 'e']);
    expect(list.delete(a)).toBe(true);
    expect(list.first).toBe(b);
    expect(list.delete(e)).toBe(true);
    expect(names(list)).toEqual(['b', 'd']);
    list.push(a);
    expect(names(list)).toEqual(['b', 'd', 'a']);
    expect(d.next).toBe(a);
    expect(list.size).toBe(3);
  });

  it('clears a deleted entry’s links, so it holds no other entry alive', () => {
    const list = new LinkedList<Entry>();
    const [a, b, c] = [entry('a'), entry('b'), entry('c')];
    list.push(a);
    list.push(b);
    list.push(c);
    list.delete(b);
    expect(b.prev).toBeUndefined();
    expect(b.next).toBeUndefined();
    expect(a.next).toBe(c);
    expect(c.prev).toBe(a);
  });

  it('deletes an entry once: a second delete, or one never added, changes nothing', () => {
    const list = new LinkedList<Entry>();
    const [a, b] = [entry('a'), entry('b')];
    list.push(a);
    list.push(b);
    expect(list.delete(a)).toBe(true);
    expect(list.delete(a)).toBe(false);
    expect(list.delete(entry('x'))).toBe(false);
    expect(names(list)).toEqual(['b']);
    expect(list.size).toBe(1);
    expect(list.has(b)).toBe(true);
    expect(list.has(a)).toBe(false);
  });

  it('empties whole and fills again (the only entry is first and last)', () => {
    const list = new LinkedList<Entry>();
    const a = entry('a');
    list.push(a);
    expect(list.has(a)).toBe(true);
    list.delete(a);
    expect(list.first).toBeUndefined();
    expect(list.size).toBe(0);
    expect(names(list)).toEqual([]);
    const b = entry('b');
    list.push(b);
    list.push(a);
    expect(names(list)).toEqual(['b', 'a']);
  });
});
