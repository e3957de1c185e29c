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

  it('keeps a joiner between two emoji, and the variation selector after one: they draw one emoji', () => {
    for (const emoji of ['👨\u200d👩\u200d👧', '🏳\ufe0f\u200d🌈', '👩🏽\u200d💻', '🏃\u200d♀\ufe0f', '❤\ufe0f', '1\ufe0f\u20e3']) {
      expect(revealHidden(`family ${emoji} tool`), emoji).toBe(`family ${emoji} tool`);
    }
    expect(revealHidden('a\n👨\u200d👩', ['\n'])).toBe('a\n👨\u200d👩');
  });

  it('still shows a joiner beside a letter, beside another joiner, or at an edge', () => {
    expect(revealHidden('pay\u200dpal')).toBe('pay\\u200dpal');
    expect(revealHidden('a\u200d👩')).toBe('a\\u200d👩');
    expect(revealHidden('👨\u200da')).toBe('👨\\u200da');
    expect(revealHidden('👨\u200d\u200d👩')).toBe('👨\\u200d\\u200d👩');
    expect(revealHidden('\u200d👩 👨\u200d')).toBe('\\u200d👩 👨\\u200d');
    // Only the joiner is kept: other format characters between emoji are still shown.
    expect(revealHidden('👨\u200b👩 👨\u2060👩 👨\u202e👩')).toBe('👨\\u200b👩 👨\\u2060👩 👨\\u202e👩');
    // A tag sequence hides text even after an emoji.
    expect(revealHidden('🏴\u{E0041}')).toBe('🏴\\U000e0041');
  });
});
