import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table';

const v = (name: string): { name: string } => ({ name });
const names = (table: IdTable<{ name: string }>): string[] => [...table].map((entry) => entry.name);

describe('IdTable', () => {
  it('gets, sets, replaces and deletes as a Map does, counting its entries', () => {
    const table = new IdTable<{ name: string }>();
    expect(table.set(1, v('a'))).toBe(table);
    table.set('x', v('b')).set(1, v('c'));
    expect(table.size).toBe(2);
    expect(table.get(1)?.name).toBe('c');
    expect(table.has('x')).toBe(true);
    expect(table.delete('x')).toBe(true);
    expect(table.delete('x')).toBe(false);
    expect(table.has('x')).toBe(false);
    expect(table.get('x')).toBeUndefined();
    expect(table.size).toBe(1);
    table.clear();
    expect(table.size).toBe(0);
    expect(names(table)).toEqual([]);
  });

  it('keeps the number 1 and the string "1" apart, and takes any number or string (JSON-RPC ids)', () => {
    const table = new IdTable<{ name: string }>();
    const ids: Array<[string | number, string]> = [
      [1, 'number'],
      ['1', 'string'],
      ['s1', 'prefixed'],
      ['__proto__', 'proto'],
      ['', 'empty'],
      [-1.5, 'float'],
      ['-1.5', 'float text'],
      [2 ** 40, 'large'],
      [-3, 'negative'],
    ];
    for (const [id, name] of ids) table.set(id, v(name));
    for (const [id, name] of ids) expect(table.get(id)?.name, String(id)).toBe(name);
    expect(table.get('constructor')).toBeUndefined();
    expect(table.get(2)).toBeUndefined();
    expect(table.size).toBe(ids.length);
  });

  it('iterates over a copy: integer ids ascending (a counter: insertion order), then the rest as inserted', () => {
    const table = new IdTable<{ name: string }>();
    for (const [id, name] of [[10, 'a'], ['b', 'b'], [2, 'c'], ['0', 'd']] as const) table.set(id, v(name));
    table.delete('b');
    table.set('b', v('e'));
    expect(names(table)).toEqual(['c', 'a', 'd', 'e']);
    const seen: string[] = [];
    for (const entry of table) {
      seen.push(entry.name);
      table.delete(10);
    }
    expect(seen).toEqual(['c', 'a', 'd', 'e']);
    expect(table.size).toBe(3);
  });

  it('stays right through many calls coming and going', () => {
    const table = new IdTable<{ id: number }>();
    const live = new Map<number, { id: number }>();
    for (let id = 0; id < 5000; id++) {
      table.set(id, { id });
      live.set(id, { id });
      if (id % 3 !== 0) {
        expect(table.delete(id - 7)).toBe(live.delete(id - 7));
      }
    }
    expect(table.size).toBe(live.size);
    expect([...table]).toEqual([...live.values()]);
  });
});
