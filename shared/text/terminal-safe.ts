import { escapeCodePoint } from './hidden-chars';

/**
 * What a terminal acts on instead of showing: C0 and C1 controls and DEL (ESC and CSI begin the
 * sequences that move the cursor over earlier lines, retitle the window or write the clipboard;
 * ECMA-48 §5) and the bidi embeddings, overrides and isolates that reorder what a person reads
 * (Unicode UAX #9 §2.1–2.4). Tab and newline are layout and stay.
 */
const TERMINAL_ACTIVE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text safe to write to a terminal: every such character shown as `\u` and four hex digits. A CR
 * ending a line is dropped (CRLF text), a lone CR shown (it would let a line overwrite itself).
 * Inside JSON text the escapes are JSON's own, so printed JSON still parses to the same value.
 */
export function terminalSafe(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(TERMINAL_ACTIVE, (char) => (char === '\t' || char === '\n' ? char : escapeCodePoint(char)));
}
