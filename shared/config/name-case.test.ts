import { describe, expect, it } from 'vitest';
import { assertNoCaseTwin, caseTwin, caseTwins } from './name-case';

describe('server names equal ignoring case', () => {
  it('finds the configured twin of a new name, never the name itself', () => {
    expect(caseTwin(['memory', 'notes'], 'MEMORY')).toBe('memory');
    expect(caseTwin(['memory', 'notes'], 'memory')).toBeUndefined();
    expect(caseTwin(['memory'], 'memory-2')).toBeUndefined();
    expect(() => assertNoCaseTwin(['Notes'], 'notes')).toThrow('A server named "Notes" already exists; "notes" differs from it only in case.');
  });

  it('names each pair of a config once', () => {
    expect(caseTwins(['memory', 'notes', 'MEMORY', 'Notes', 'x'])).toEqual([
      ['memory', 'MEMORY'],
      ['notes', 'Notes'],
    ]);
  });
});
