/**
 * Escape sequences a terminal acts on and does not draw (ECMA-48 §5): a control sequence (CSI, `ESC [`
 * or U+009B, parameters, intermediates, a final byte: `ESC[31m`), a control string (OSC, DCS, SOS,
 * PM, APC) with its terminator, and a two-character escape; then any other control but layout.
 */
const ESCAPE_SEQUENCE = new RegExp(
  [
    '(?:\\u001b\\[|\\u009b)[0-?]*[ -/]*[@-~]',
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d-\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)',
    '\\u001b[ -/]*[0-~]',
    '[^\\P{Cc}\\t\\n\\r]',
  ].join('|'),
  'gu',
);

/** Text as a terminal draws it: `Pass\u001b[31mword` reads "Password". */
export function withoutEscapes(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '');
}
