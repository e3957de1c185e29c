import { joinsEmoji } from './emoji-joiner';
import { BRAILLE_BLANK, INVISIBLE, blankInBraille } from './invisible-chars';

/**
 * Control, format (bidi overrides, zero-width), line and paragraph separators, the other characters
 * that draw nothing (invisible-chars.ts: the Hangul fillers) and the braille blank: what can make text
 * a person reads look like other text (`notes/\u202Etxt.hs` shows as `notes/sh.txt`).
 */
export const HIDDEN_CHAR = new RegExp(`[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}${BRAILLE_BLANK}]|${INVISIBLE}`, 'u');
// Braille blanks as a run, to look beside it once (blankInBraille).
const HIDDEN_CHARS = new RegExp(`${BRAILLE_BLANK}+|[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]|${INVISIBLE}`, 'gu');
const ZWJ = '\u200d';

/** `\u` and four hex digits (`\U` and eight beyond the BMP): how a hidden character is shown. */
export function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Shows every hidden character as an escape; `keep` lists the ones left as they are (a layout's
 * newlines). A joiner between two emoji is part of the one emoji they draw, and stays; so do braille
 * blanks beside a dotted braille cell.
 */
export function revealHidden(text: string, keep: readonly string[] = []): string {
  return text.replace(HIDDEN_CHARS, (found: string, at: number, whole: string) => {
    if (found.startsWith(BRAILLE_BLANK)) return blankInBraille(whole, at, found.length) ? found : escapeCodePoint(BRAILLE_BLANK).repeat(found.length);
    return keep.includes(found) || (found === ZWJ && joinsEmoji(whole, at)) ? found : escapeCodePoint(found);
  });
}
