import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-safe';

describe('terminalSafe', () => {
  it('shows the escape sequences a terminal would run as text', () => {
    // OSC 52 (write the clipboard), a cursor-up-and-erase (CSI), the 8-bit CSI, BEL, DEL.
    expect(terminalSafe('a\u001b]52;c;cm0gLXJmIH4=\u0007b')).toBe('a\\u001b]52;c;cm0gLXJmIH4=\\u0007b');
    expect(terminalSafe('ok\u001b[1A\u001b[2Kdone')).toBe('ok\\u001b[1A\\u001b[2Kdone');
    expect(terminalSafe('x\u009b31my\u007f')).toBe('x\\u009b31my\\u007f');
  });

  it('shows bidi overrides and isolates, and leaves other text, tabs and newlines as they are', () => {
    expect(terminalSafe('notes/\u202etxt.hs \u2066x\u2069')).toBe('notes/\\u202etxt.hs \\u2066x\\u2069');
    expect(terminalSafe('name\tvalue\nnext äöü 日本 👩‍💻')).toBe('name\tvalue\nnext äöü 日本 👩‍💻');
  });

  it('shows the characters that hide text or make two names look alike: zero-width, bidi marks, tags, separators', () => {
    expect(terminalSafe('wipe\u200beverything')).toBe('wipe\\u200beverything');
    expect(terminalSafe('a\u200e\u200f\u061c\ufeff\u2060b')).toBe('a\\u200e\\u200f\\u061c\\ufeff\\u2060b');
    expect(terminalSafe('x\u2028y\u2029z\ufff9')).toBe('x\\u2028y\\u2029z\\ufff9');
    // A tag character (hidden text) as its two UTF-16 units, so JSON still parses.
    expect(terminalSafe('ok\u{E0041}')).toBe('ok\\udb40\\udc41');
    expect(JSON.parse(terminalSafe(JSON.stringify({ t: 'ok\u{E0041}\u200d' })))).toEqual({ t: 'ok\u{E0041}\u200d' });
    // A joiner inside an emoji sequence draws one emoji and stays; a joiner elsewhere is shown.
    expect(terminalSafe('👩\u200d💻 👍🏽\u200d👍')).toBe('👩\u200d💻 👍🏽\u200d👍');
    expect(terminalSafe('a\u200db')).toBe('a\\u200db');
    // Within a Persian or Indic word a (non-)joiner chooses a letter's form: it stays.
    expect(terminalSafe('می\u200cخواهم क्\u200dष a\u200cb')).toBe('می\u200cخواهم क्\u200dष a\\u200cb');
  });

  it('drops the CR of CRLF line ends and shows a lone CR, which would let a line overwrite itself', () => {
    expect(terminalSafe('one\r\ntwo\r\n')).toBe('one\ntwo\n');
    expect(terminalSafe('rm -rf ~\rls')).toBe('rm -rf ~\\u000dls');
  });

  it('keeps printed JSON parsing to the same value', () => {
    const value = { text: 'a\u009bb\u202ec\u007f', nested: ['\u001b[0m'] };
    const printed = terminalSafe(JSON.stringify(value, null, 2));
    expect(printed).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
    expect(JSON.parse(printed)).toEqual(value);
  });

  it('shows what draws nothing or a space in disguise: the Hangul fillers, the braille blank', () => {
    expect(terminalSafe('Slack\u3164 \u115f\u1160\uffa0 x\u034fy a\u2800b')).toBe('Slack\\u3164 \\u115f\\u1160\\uffa0 x\\u034fy a\\u2800b');
    expect(JSON.parse(terminalSafe(JSON.stringify({ t: 'Slack\u3164\u2800\u2800' })))).toEqual({ t: 'Slack\u3164\u2800\u2800' });
    // Variation selectors choose a form, braille's blank is its space between cells, Hangul as written is text: all stay.
    expect(terminalSafe('❤\ufe0f 葛\u{E0100} \u1820\u180b \u2813\u2800\u283a 한글 ㅎ')).toBe('❤\ufe0f 葛\u{E0100} \u1820\u180b \u2813\u2800\u283a 한글 ㅎ');
  });
});
