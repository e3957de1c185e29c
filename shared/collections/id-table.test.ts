import { describe, expect, it } from 'vitest';
import { IdTable } from './id-table';

describe('IdTable', () => {
  it('gets, sets, replaces and deletes as a Map does, counting its entries', () => {
    const table = new IdTable<string>();
    expect(table.set(1, 'a')).toBe(table);
    table.set('x', 'b').set(1, 'c');
    expect(table.size).toBe(2);
    expect(table.get(1)).toBe('c');
    expect(table.has('x')).toBe(true);
    expect(table.delete('x')).toBe(true);
    expect(table.delete('x')).toBe(false);
    expect(table.has('x')).toBe(false);
    expect(table.get('x')).toBeUndefined();
    expect(table.size).toBe(1);
    table.clear();
    expect(table.size).toBe(0);
    expect([...table]).toEqual([]);
  });

  it('keeps the number 1 and the string "1" apart, and takes any string (JSON-RPC ids)', () => {
    const table = new IdTable<string>();
    table.set(1, 'number').set('1', 'string').set('__proto__', 'proto').set('', 'empty').set(-1.5, 'float');
    expect(table.get(1)).toBe('number');
    expect(table.get('1')).toBe('string');
    expect(table.get('__proto__')).toBe('proto');
    expect(table.get('')).toBe('empty');
    expect(table.get(-1.5)).toBe('float');
    expect(table.get('constructor')).toBeUndefined();
    expect(table.size).toBe(5);
  });

  it('iterates in insertion order, numbers and strings alike, over a copy', () => {
    const table = new IdTable<string>();
    for (const [id, value] of [[10, 'a'], ['b', 'b'], [2, 'c'], ['0', 'd']] as const) table.set(id, value);
    table.delete('b');
    table.set('b', 'e');
    expect([...table.values()]).toEqual(['a', 'c', 'd', 'e']);
    const seen: string[] = [];
    for (const value of table) {
      seen.push(value);
      table.delete(2);
    }
    expect(seen).toEqual(['a', 'c', 'd', 'e']);
    expect(table.size).toBe(3);
  });

  it('stays right through many calls coming and going', () => {
    const table = new IdTable<number>();
    const live = new Map<number, number>();
    for (let id = 0; id < 5000; id++) {
      table.set(id, id * 2);
      live.set(id, id * 2);
      if (id % 3 !== 0) {
        table.delete(id - 7);
        live.delete(id - 7);
      }
    }
    expect(table.size).toBe(live.size);
    expect([...table]).toEqual([...live.values()]);
  });
});
