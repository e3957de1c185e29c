const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:[\u{1F3FB}-\u{1F3FF}]|\uFE0F)?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;

/**
 * Whether the zero-width joiner at `at` stands between two emoji (the first with its skin tone or
 * U+FE0F), which draws them as one emoji (UTS #51 §2.3: 👨‍👩‍👧, 🏳️‍🌈). A joiner anywhere else
 * (beside a letter, beside another joiner, at an edge) only hides.
 */
export function joinsEmoji(text: string, at: number): boolean {
  return EMOJI_BEFORE.test(text.slice(Math.max(0, at - 4), at)) && EMOJI_AFTER.test(text.slice(at + 1, at + 3));
}
