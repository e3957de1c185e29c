import { stringRuns, textItemRuns } from './text-item-runs';

/** The first known string in `text`, or undefined. */
export type FirstIn = (text: string) => string | undefined;

/**
 * The first known string in a leaf or key of `value`, depth first, to `maxDepth`. A value split
 * across adjacent text items (an agent's sampling answer as two items) or adjacent plain strings
 * (`{ parts: ["sk-live-ab", "c123…"] }`, which a tool may join) is found in their concatenation:
 * each string is read once alone and once in its run, so the walk stays linear.
 */
export function firstKnown(value: unknown, first: FirstIn, maxDepth: number, depth = 0): string | undefined {
  if (typeof value === 'string') return first(value);
  if (value === null || typeof value !== 'object' || depth > maxDepth) return undefined;
  if (Array.isArray(value)) {
    const items = value as unknown[];
    for (const { texts } of [...textItemRuns(items), ...stringRuns(items)]) {
      const found = first(texts.join(''));
      if (found !== undefined) return found;
    }
    for (const item of items) {
      const found = firstKnown(item, first, maxDepth, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = first(key) ?? firstKnown(item, first, maxDepth, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
