import { diffWords } from 'diff';
import type { WordChange } from '../../shared/api';

/** Descriptions longer than this are compared by their first this-many characters (an agent's server controls them). */
export const MAX_DIFF_CHARS = 20_000;

/** A word diff of two descriptions (jsdiff's diffWords: whitespace is kept with the words). */
export function wordDiff(before: string, after: string): WordChange[] {
  const parts = diffWords(before.slice(0, MAX_DIFF_CHARS), after.slice(0, MAX_DIFF_CHARS));
  return parts.map((part) => ({ text: part.value, op: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}
