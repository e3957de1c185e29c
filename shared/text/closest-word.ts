import { hintSentence } from '../errors';

/**
 * Edits (insert, delete, replace, or swap two neighbours) between two short words: the optimal
 * string alignment distance, so `ehco` is one edit from `echo`, as a typo's swapped letters are.
 */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) current[j] = Math.min(current[j] ?? 0, (before[j - 2] ?? 0) + 1);
    }
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether `edits` is few enough for a typo of `choice`: at most two, and fewer than half its letters;
 * or one edit when both words have two letters or more (`cx` for `cc`, `ca` for `ac`), which half
 * would refuse for two letters. A one-letter word is one edit from every other: it is no typo of one.
 */
function nearEnough(edits: number, word: string, choice: string): boolean {
  if (edits === 1 && word.length >= 2 && choice.length >= 2) return true;
  return edits <= 2 && edits < choice.length / 2;
}

/**
 * The choice a typo most likely meant (nearEnough), or undefined. The name typed exactly is no typo:
 * a listed name the server no longer has (a stale listing) is not suggested back.
 */
export function closestWord(value: string, choices: readonly string[]): string | undefined {
  const typed = value.trim();
  const word = typed.toLowerCase();
  let best: { choice: string; edits: number } | undefined;
  for (const choice of choices) {
    if (choice === typed) continue;
    const edits = distance(word, choice.toLowerCase());
    if (nearEnough(edits, word, choice) && (best === undefined || edits < best.edits)) best = { choice, edits };
  }
  return best?.choice;
}

/** "Did you mean X? " before a hint when a typo most likely meant one of `choices`, else the hint alone. */
export function withSuggestion(value: string, choices: readonly string[], hint: string): string {
  const meant = closestWord(value, choices);
  // The hint is a sentence of its own after the question, as printed alone ("Run …").
  return meant === undefined ? hint : `Did you mean ${meant}? ${hintSentence(hint)}`;
}
