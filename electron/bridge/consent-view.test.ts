import { describe, expect, it } from 'vitest';
import { consentView, SHOWN_BUDGET, SHOWN_ITEMS, SHOWN_STRING_LENGTH } from './consent-view';

describe('consentView', () => {
  it('keeps ordinary arguments as they are, secrets redacted', () => {
    expect(consentView({ to: ['bob@example.test'], n: 3, ok: true, none: null, password: 'hunter22' })).toEqual({ to: ['bob@example.test'], n: 3, ok: true, none: null, password: '[redacted]' });
  });

  it('cuts long strings, long arrays and many keys, saying how much was left out', () => {
    const view = consentView({
      body: 'b'.repeat(SHOWN_STRING_LENGTH + 5),
      list: Array.from({ length: SHOWN_ITEMS + 3 }, (_, i) => i),
      map: Object.fromEntries(Array.from({ length: SHOWN_ITEMS + 2 }, (_, i) => [`k${i}`, i])),
    });
    expect(view['body']).toBe(`${'b'.repeat(SHOWN_STRING_LENGTH)}… [cut: 5 more characters]`);
    expect((view['list'] as unknown[]).at(-1)).toBe('[cut: 3 more items]');
    expect((view['list'] as unknown[]).length).toBe(SHOWN_ITEMS + 1);
    expect((view['map'] as Record<string, unknown>)['…']).toBe('[cut: 2 more keys]');
  });

  it('stops at its total budget, and keeps a __proto__ key a key', () => {
    const many = Array.from({ length: 100 }, () => 's'.repeat(SHOWN_STRING_LENGTH));
    const shown = JSON.stringify(consentView({ many }));
    expect(shown.length).toBeLessThan(SHOWN_BUDGET + 100 * 64);
    const view = consentView(JSON.parse('{"__proto__":{"polluted":1}}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(view)).toBe(Object.prototype);
  });
});
