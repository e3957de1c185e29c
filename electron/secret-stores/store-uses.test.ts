import { describe, expect, it } from 'vitest';
import { StoreUses } from './store-uses';

describe('StoreUses: the last read of a store entry', () => {
  it('records a value read as resolved', async () => {
    const uses = new StoreUses(() => 5);
    expect(await uses.track('op', 'item', 'docs', () => Promise.resolve('v'))).toBe('v');
    expect(uses.last('op', 'item')).toEqual({ at: 5, ok: true, server: 'docs' });
  });

  it('records a value holding a NUL byte as not usable, saying why, and never holds the value', async () => {
    const uses = new StoreUses(() => 5);
    expect(await uses.track('op', 'item', 'docs', () => Promise.resolve('abc\u0000SECRETNUL'))).toBe('abc\u0000SECRETNUL');
    const last = uses.last('op', 'item');
    expect(last).toMatchObject({ ok: false, server: 'docs', fix: 'Change the value in op.' });
    expect(last?.problem).toBe('The value at "item" in "op" holds a NUL byte, which no server\'s environment, argument or header can carry.');
    expect(JSON.stringify(last)).not.toContain('SECRETNUL');
  });
});
