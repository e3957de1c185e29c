// @vitest-own-modules: it reads which of the contract's entries were built yet, which other files in a shared module graph build.
import { describe, expect, it } from 'vitest';
import { API_EVENTS, API_METHODS } from './contract';
import { lazyEntries } from './lazy-entries';

describe('lazyEntries', () => {
  it('builds an entry on its first read only, once, and enumerates like a plain object', () => {
    const built: string[] = [];
    const entries = lazyEntries({
      a: () => (built.push('a'), { n: 1 }),
      b: () => (built.push('b'), { n: 2 }),
    });
    expect(Object.keys(entries)).toEqual(['a', 'b']);
    expect(Object.prototype.hasOwnProperty.call(entries, 'b')).toBe(true);
    expect('c' in entries).toBe(false);
    expect(built).toEqual([]);
    expect(entries.a.n).toBe(1);
    expect(entries.a).toBe(entries.a);
    expect(built).toEqual(['a']);
    expect(Object.entries(entries).map(([key, value]) => [key, value.n])).toEqual([['a', 1], ['b', 2]]);
    expect(built).toEqual(['a', 'b']);
  });
});

describe('the App API contract', () => {
  it("builds a method's or an event's schemas only when first read (a `serve` start reads few)", () => {
    // Nothing in this test file has read these two yet.
    const unread = (table: object, key: string): boolean => {
      const descriptor = Object.getOwnPropertyDescriptor(table, key);
      return descriptor !== undefined && !('value' in descriptor);
    };
    expect(unread(API_METHODS, 'importConfig')).toBe(true);
    expect(unread(API_EVENTS, 'askSettled')).toBe(true);
    expect(API_METHODS.importConfig.input.safeParse({ source: 'nothing-like-it' }).success).toBe(false);
    expect(unread(API_METHODS, 'importConfig')).toBe(false);
  });
});
