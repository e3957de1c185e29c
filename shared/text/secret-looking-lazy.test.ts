import { describe, expect, it, vi } from 'vitest';
import type * as LookAlikes from './look-alikes';

const folded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./look-alikes', async (importOriginal) => {
  const actual = await importOriginal<typeof LookAlikes>();
  return {
    ...actual,
    readingForm: (text: string): string => {
      folded.count += 1;
      return actual.readingForm(text);
    },
  };
});

// Every command and `serve` import this module: its word lists are folded at the first question, not on import.
describe('looksSecret word lists', () => {
  it('are not folded when the module is imported, and once at the first question', async () => {
    const { looksSecret } = await import('./secret-looking');
    expect(folded.count).toBe(0);
    expect(looksSecret({ name: 'password' })).toBe(true);
    const first = folded.count;
    expect(first).toBeGreaterThan(10);
    expect(looksSecret({ name: 'username' })).toBe(false);
    // The second question folds only its own three texts.
    expect(folded.count).toBe(first + 3);
  });
});
