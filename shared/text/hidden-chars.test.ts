import { describe, expect, it } from 'vitest';
import { HIDDEN_CHAR, revealHidden } from './hidden-chars';

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

  it('shows the letters and marks that draw nothing (Default_Ignorable_Code_Point): the Hangul fillers, the grapheme joiner', () => {
    expect(revealHidden('Slack\u3164')).toBe('Slack\\u3164');
    expect(revealHidden('\u115fa\u1160b\uffa0c')).toBe('\\u115fa\\u1160b\\uffa0c');
    expect(revealHidden('x\u034fy \u17b4 \u2065')).toBe('x\\u034fy \\u17b4 \\u2065');
    for (const char of ['\u3164', '\u115f', '\u1160', '\uffa0', '\u034f']) expect(HIDDEN_CHAR.test(`a${char}`), char).toBe(true);
    // Hangul as written stays.
    expect(revealHidden('한글 ㅎㅏㄴ')).toBe('한글 ㅎㅏㄴ');
  });

  it("keeps the variation selectors: an emoji's, an ideograph's, a Mongolian letter's form", () => {
    expect(revealHidden('❤\ufe0f \u263a\ufe0e 葛\u{E0100} \u1820\u180b')).toBe('❤\ufe0f \u263a\ufe0e 葛\u{E0100} \u1820\u180b');
    expect(HIDDEN_CHAR.test('❤\ufe0f葛\u{E0100}\u1820\u180b')).toBe(false);
  });

  it("shows the braille blank, drawn as a space, but between braille cells, where it is braille's own space", () => {
    expect(revealHidden('a\u2800b')).toBe('a\\u2800b');
    expect(revealHidden('\u2800\u2800Slack\u2800')).toBe('\\u2800\\u2800Slack\\u2800');
    expect(HIDDEN_CHAR.test('a\u2800b')).toBe(true);
    // Braille text (`he wo`) and braille art keep their blanks, a run of them too.
    expect(revealHidden('\u2813\u2811\u2800\u283a\u2815')).toBe('\u2813\u2811\u2800\u283a\u2815');
    expect(revealHidden('\u28ff\u2800\u2800\u2800 a\u2800\u2800\u28ff')).toBe('\u28ff\u2800\u2800\u2800 a\u2800\u2800\u28ff');
  });
});
