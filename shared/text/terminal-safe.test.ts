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
});
