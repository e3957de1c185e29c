import { joinsEmoji } from './emoji-joiner';
import { BRAILLE_BLANK, INVISIBLE, blankInBraille } from './invisible-chars';
import { joinsLetters } from './joiner-context';

/**
 * What a terminal acts on or hides instead of showing: C0 and C1 controls and DEL (ESC and CSI begin
 * the sequences that move the cursor over earlier lines, retitle the window or write the clipboard;
 * ECMA-48 §5), format characters (`\p{Cf}`: the bidi embeddings, overrides, isolates and marks that
 * reorder what a person reads, UAX #9 §2; zero-width characters that make two names look alike; tag
 * characters that carry hidden text), the line and paragraph separators, and what draws nothing or a
 * space in disguise (invisible-chars.ts: the Hangul fillers, the braille blank, as a run). Tab and
 * newline are layout and stay.
 */
const TERMINAL_ACTIVE = new RegExp(`${BRAILLE_BLANK}+|[\\p{Cc}\\p{Cf}\\u2028\\u2029]|${INVISIBLE}`, 'gu');
const ZWJ = '\u200d';
const ZWNJ = '\u200c';
/** `\u` and four hex digits per UTF-16 unit, so printed JSON still parses to the same value. */
function escaped(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Whether a character `terminalSafe` finds stays: layout, a joiner drawing one emoji or a letter's form, a braille word's space. */
function staysAsIs(found: string, at: number, whole: string): boolean {
  if (found.startsWith(BRAILLE_BLANK)) return blankInBraille(whole, at, found.length);
  return found === '\t' || found === '\n' || (found === ZWJ && joinsEmoji(whole, at)) || ((found === ZWJ || found === ZWNJ) && joinsLetters(whole, at));
}

/**
 * Text safe to write to a terminal: every such character shown as `\u` and four hex digits, but a
 * joiner or non-joiner within a word of a script that writes with them (joiner-context.ts). A CR
 * ending a line is dropped (CRLF text), a lone CR shown (it would let a line overwrite itself).
 * Inside JSON text the escapes are JSON's own, so printed JSON still parses to the same value.
 */
export function terminalSafe(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(TERMINAL_ACTIVE, (found: string, at: number, whole: string) => (staysAsIs(found, at, whole) ? found : escaped(found)));
}
