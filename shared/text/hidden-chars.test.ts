import { describe, expect, it } from 'vitest';
import { revealHidden } from './hidden-chars';

describe('revealHidden', () => {
  it('shows bidi overrides, zero-width and control characters as escapes, keeping what is asked', () => {
    expect(revealHidden('notes/\u202Etxt.hs')).toBe('notes/\\u202etxt.hs');
    expect(revealHidden('a\u200Bb\u0007c\u2028d')).toBe('a\\u200bb\\u0007c\\u2028d');
    expect(revealHidden('{\n  "a": 1\n}', ['\n'])).toBe('{\n  "a": 1\n}');
    expect(revealHidden('tag \u{E0041}')).toBe('tag \\U000e0041');
    expect(revealHidden('plain text, äöü 日本')).toBe('plain text, äöü 日本');
  });
});
