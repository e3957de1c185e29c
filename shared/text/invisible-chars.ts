/**
 * Default_Ignorable_Code_Point (Unicode §5.21, DerivedCoreProperties.txt) but variation selectors: what
 * draws nothing though no format character — the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0 are
 * letters (`Slack\u3164` reads as `Slack`), U+034F a mark. Variation selectors choose an emoji's or an
 * ideograph's form (UTS #51 §1.4.3, UTS #37) and stay.
 */
export const INVISIBLE = '(?!\\p{Variation_Selector})\\p{Default_Ignorable_Code_Point}';

/** U+2800 BRAILLE PATTERN BLANK: drawn as a space, yet no space to a program (`a\u2800b` reads as `a b`). */
export const BRAILLE_BLANK = '\u2800';

const isDotted = (code: number): boolean => code > 0x2800 && code <= 0x28ff;

/**
 * Whether the run of braille blanks at `at` (`length` long) stands beside a dotted braille cell:
 * braille text's word space or braille art's empty cell, not a space in disguise.
 */
export function blankInBraille(text: string, at: number, length: number): boolean {
  return isDotted(text.charCodeAt(at - 1)) || isDotted(text.charCodeAt(at + length));
}
