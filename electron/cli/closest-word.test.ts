import { describe, expect, it } from 'vitest';
import { closestWord } from './closest-word';

describe('closestWord', () => {
  it('finds the choice a typo meant, and nothing for a word far from every choice', () => {
    expect(closestWord('plane', ['prefixed', 'plain'])).toBe('plain');
    expect(closestWord('alow', ['allow', 'ask', 'deny'])).toBe('allow');
    expect(closestWord('Deny ', ['allow', 'ask', 'deny'])).toBe('deny');
    expect(closestWord('sometimes', ['allow', 'ask', 'deny'])).toBeUndefined();
    expect(closestWord('x', ['ask'])).toBeUndefined();
  });
});
