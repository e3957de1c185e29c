/**
 * Cyrillic, Greek, Lisu and Cherokee letters drawn like Latin ones (the common part of Unicode's confusables.txt),
 * by case: uppercase Greek Eta looks like H, lowercase eta like n. `Pаssword` with a Cyrillic а reads
 * as "Password" but is another string to a program that compares.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', о: 'o', р: 'p', с: 'c', у: 'y', х: 'x', і: 'i', ј: 'j', ѕ: 's', һ: 'h', к: 'k', ԁ: 'd', ԛ: 'q', ԝ: 'w', ӏ: 'l',
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y', Ѕ: 'S', І: 'I', Ј: 'J', Ԛ: 'Q', Ԝ: 'W', Ӏ: 'l',
  // Greek
  α: 'a', γ: 'y', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', υ: 'u', χ: 'x', η: 'n',
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X',
  // Lisu and Cherokee capitals: a word wholly of them is of one script, so only its reading tells it
  ꓐ: 'B', ꓑ: 'P', ꓓ: 'D', ꓔ: 'T', ꓖ: 'G', ꓗ: 'K', ꓙ: 'J', ꓚ: 'C', ꓜ: 'Z', ꓝ: 'F', ꓟ: 'M', ꓠ: 'N', ꓡ: 'L', ꓢ: 'S', ꓣ: 'R',
  ꓦ: 'V', ꓧ: 'H', ꓪ: 'W', ꓫ: 'X', ꓬ: 'Y', ꓮ: 'A', ꓰ: 'E', ꓲ: 'I', ꓳ: 'O', ꓴ: 'U',
  Ꭰ: 'D', Ꭱ: 'R', Ꭲ: 'T', Ꭹ: 'Y', Ꭺ: 'A', Ꭻ: 'J', Ꭼ: 'E', Ꮃ: 'W', Ꮇ: 'M', Ꮋ: 'H', Ꮎ: 'O', Ꮐ: 'G', Ꮓ: 'Z', Ꮢ: 'R', Ꮤ: 'W',
  Ꮩ: 'V', Ꮪ: 'S', Ꮮ: 'L', Ꮯ: 'C', Ꮲ: 'P', Ꮶ: 'K', Ᏼ: 'B',
  // Latin letters that pass for others
  ı: 'i', ɑ: 'a', ɡ: 'g', ſ: 's',
};

const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Each look-alike letter as the Latin letter it passes for; every other character unchanged. */
export function foldLookAlikes(text: string): string {
  return text.replace(LOOK_ALIKE, (char) => LOOK_ALIKES[char] ?? char);
}

/** Format characters and what else draws nothing (Default_Ignorable_Code_Point: the Hangul fillers; UTS #39 §4 drops them from a skeleton). */
const DRAWS_NOTHING = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * Text as it reads, for comparing words: compatibility forms (fullwidth, mathematical letters) to
 * plain ones (NFKC), what draws nothing (zero-width, bidi, the Hangul fillers) removed, the braille
 * blank a space, accents dropped (`contraseña` as `contrasena`), look-alike letters folded to Latin.
 * Case is kept: camelCase boundaries are still to be found.
 */
export function readingForm(text: string): string {
  // After NFKC: it makes U+3164 and U+FFA0 the filler U+1160, itself ignorable.
  const plain = text.normalize('NFKC').replace(DRAWS_NOTHING, '').replace(/\u2800/gu, ' ');
  return foldLookAlikes(plain.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC'));
}
