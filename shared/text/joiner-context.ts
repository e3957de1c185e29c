/**
 * Scripts whose words use the zero-width non-joiner and joiner (U+200C, U+200D) to choose a letter's
 * form: Persian and Urdu in Arabic script (`می‌خواهم`), Syriac, and the Indic scripts, where they pick a
 * half form or a conjunct (Unicode §23.2; UAX #31 §2.3 allows them in identifiers there).
 */
const JOINING_SCRIPTS = ['Arabic', 'Syriac', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala'].map(
  (script) => new RegExp(`^\\p{Script_Extensions=${script}}$`, 'u'),
);
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const LETTER = /^\p{L}$/u;

/**
 * Whether the joiner at `at` stands between a letter (or its mark, a virama) and a letter of one of
 * those scripts, both the same script: text as its language writes it. Elsewhere (between Latin
 * letters, beside another joiner, at an edge) it only hides, and is shown.
 */
export function joinsLetters(text: string, at: number): boolean {
  const before = Array.from(text.slice(Math.max(0, at - 2), at)).pop();
  const next = text.codePointAt(at + 1);
  if (before === undefined || next === undefined) return false;
  const after = String.fromCodePoint(next);
  if (!LETTER_OR_MARK.test(before) || !LETTER.test(after)) return false;
  return JOINING_SCRIPTS.some((script) => script.test(before) && script.test(after));
}
