import { escapeCodePoint } from './hidden-chars';

/**
 * Scripts a word is told apart by (UTS #39 §5.1, by Script_Extensions): a letter of none of them is
 * of a script of its own ("Other"); Common and Inherited ones (digits, punctuation, marks) go with any.
 */
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Georgian', 'Cherokee', 'Hebrew', 'Arabic', 'Devanagari', 'Thai', 'Ethiopic', 'Coptic',
  'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo',
].map((name) => [name, new RegExp(`\\p{scx=${name}}`, 'u')] as const);
const ANY_SCRIPT = /[\p{scx=Zyyy}\p{scx=Zinh}]/u;
// §5.1's augmented sets: Han is written with kana (Japanese), with Hangul (Korean), with Bopomofo.
// Latin goes with each of the three (§5.2 Highly Restrictive): CJK puts no space before a brand (`GitHub連携`).
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Han: ['Jpan', 'Kore', 'Hanb'], Hiragana: ['Jpan'], Katakana: ['Jpan'], Hangul: ['Kore'], Bopomofo: ['Hanb'], Latin: ['Jpan', 'Kore', 'Hanb'],
};
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
// Plain ASCII is Latin and Common alone: most titles and ids are, and need no letter-by-letter look.
const ASCII = /^[\x20-\x7e]*$/;

/** A letter's scripts (augmented), or undefined for one that goes with any. */
function scriptsOf(char: string): string[] | undefined {
  if (ANY_SCRIPT.test(char) || !/\p{L}/u.test(char)) return undefined;
  const found = SCRIPTS.filter(([, pattern]) => pattern.test(char)).map(([name]) => name);
  if (found.length === 0) return ['Other'];
  return [...found, ...found.flatMap((name) => AUGMENTED[name] ?? [])];
}

/** The script most of a word's letters are of, when no one script has them all (§5.1 "mixed-script"); else undefined. */
function mainScriptOfMixed(word: string): string | undefined {
  const letters = [...word].map(scriptsOf).filter((sets): sets is string[] => sets !== undefined);
  const [first, ...rest] = letters;
  if (first === undefined) return undefined;
  const common = first.filter((script) => rest.every((sets) => sets.includes(script)));
  if (common.length > 0) return undefined;
  const counts = new Map<string, number>();
  for (const sets of letters) for (const script of sets) counts.set(script, (counts.get(script) ?? 0) + 1);
  return [...counts].reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * The scripts mixed within a word of `text` (`Gіthub` with a Cyrillic і: Latin and Cyrillic), sorted;
 * undefined when each word is of one script. Words apart may be of different scripts (`Яндекс Maps`).
 */
export function mixedScripts(text: string): string[] | undefined {
  if (ASCII.test(text)) return undefined;
  const mixed = new Set<string>();
  for (const [word] of text.matchAll(WORD)) {
    if (ASCII.test(word) || mainScriptOfMixed(word) === undefined) continue;
    for (const char of word) {
      const sets = scriptsOf(char);
      if (sets !== undefined) mixed.add(sets[0] ?? 'Other');
    }
  }
  return mixed.size > 0 ? [...mixed].sort() : undefined;
}

/**
 * `text` with the letters of a mixed-script word that are not of its main script shown as escapes
 * (`G\u0456thub`), as hidden characters are shown: the word cannot pass for the one it imitates.
 */
export function revealMixedScript(text: string): string {
  if (ASCII.test(text)) return text;
  return text.replace(WORD, (word) => {
    const main = ASCII.test(word) ? undefined : mainScriptOfMixed(word);
    if (main === undefined) return word;
    return [...word].map((char) => (scriptsOf(char)?.includes(main) === false ? escapeCodePoint(char) : char)).join('');
  });
}
