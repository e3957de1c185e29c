import { joinsEmoji } from './emoji-joiner';

/**
 * Control, format (bidi overrides, zero-width), line and paragraph separators: what can make text a
 * person reads look like other text (`notes/\u202Etxt.hs` shows as `notes/sh.txt`).
 */
export const HIDDEN_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const HIDDEN_CHARS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
const ZWJ = '\u200d';

/** `\u` and four hex digits (`\U` and eight beyond the BMP): how a hidden character is shown. */
export function escapeCodePoint(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Shows every hidden character as an escape; `keep` lists the ones left as they are (a layout's
 * newlines). A joiner between two emoji is part of the one emoji they draw, and stays.
 */
export function revealHidden(text: string, keep: readonly string[] = []): string {
  return text.replace(HIDDEN_CHARS, (char: string, at: number, whole: string) => (keep.includes(char) || (char === ZWJ && joinsEmoji(whole, at)) ? char : escapeCodePoint(char)));
}
