import type { Stretch } from './known-matcher';
import { replaceStretches, type Replacement } from './stretch-replace';

/** The text of a text content item (MCP 2025-11-25 server/tools §Text Content), or undefined. */
function textOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const text = record['text'];
  return record['type'] === 'text' && typeof text === 'string' ? text : undefined;
}

/**
 * Each text of a run, with its part of every stretch of their concatenation that crosses from one
 * text into the next replaced; undefined when none does. Stretches found in one text alone are left
 * to that text's own redaction.
 */
function cutRun(texts: readonly string[], find: (text: string) => Stretch[], replacement: Replacement): string[] | undefined {
  const bounds = [0];
  for (const text of texts) bounds.push((bounds.at(-1) ?? 0) + text.length);
  const pieces: Stretch[][] = texts.map(() => []);
  let item = 0;
  let crossed = false;
  for (const { start, end, found } of find(texts.join(''))) {
    while ((bounds[item + 1] ?? Infinity) <= start) item++;
    if (end <= (bounds[item + 1] ?? Infinity)) continue;
    crossed = true;
    for (let k = item; k < texts.length && (bounds[k] ?? 0) < end; k++) {
      const from = bounds[k] ?? 0;
      const to = Math.min(end, bounds[k + 1] ?? 0);
      if (to > Math.max(start, from)) pieces[k]?.push({ start: Math.max(start, from) - from, end: to - from, found });
    }
  }
  return crossed ? texts.map((text, k) => replaceStretches(text, pieces[k] ?? [], replacement)) : undefined;
}

/** A run of two or more adjacent pieces of an array: where it begins and the text of each. */
export interface TextRun {
  at: number;
  texts: string[];
}

/** The runs of two or more adjacent items of `items` that `textOf` gives a text for. */
function runsOf(items: readonly unknown[], text: (item: unknown) => string | undefined): TextRun[] {
  const runs: TextRun[] = [];
  for (let i = 0; i < items.length; ) {
    const texts: string[] = [];
    for (let t = text(items[i]); t !== undefined; t = text(items[i + texts.length])) texts.push(t);
    if (texts.length >= 2) runs.push({ at: i, texts });
    i += Math.max(1, texts.length);
  }
  return runs;
}

/** The runs of adjacent text content items in `items`, which an agent reads as one text. */
export function textItemRuns(items: readonly unknown[]): TextRun[] {
  return runsOf(items, textOf);
}

/** The runs of adjacent plain strings in `items`, which a tool may join (`parts.join('')`). */
export function stringRuns(items: readonly unknown[]): TextRun[] {
  return runsOf(items, (item) => (typeof item === 'string' ? item : undefined));
}

/**
 * `items` (a result's content) with a known value that runs across adjacent text items (a server
 * that sends a secret's halves as two items, which an agent reads as one text) replaced in each item
 * it spans; the same array when none does. An item alone is left to its own redaction.
 */
export function cutAcrossTextItems(items: readonly unknown[], find: (text: string) => Stretch[], replacement: Replacement): readonly unknown[] {
  return cutAcross(items, textItemRuns(items), (item, text) => ({ ...(item as object), text }), find, replacement);
}

/**
 * `items` with a known value that runs across adjacent plain strings (`["sk-live-ab", "c123…"]`,
 * which a tool may join) replaced in each string it spans; the same array when none does.
 */
export function cutAcrossStrings(items: readonly unknown[], find: (text: string) => Stretch[], replacement: Replacement): readonly unknown[] {
  return cutAcross(items, stringRuns(items), (_item, text) => text, find, replacement);
}

function cutAcross(items: readonly unknown[], runs: readonly TextRun[], withText: (item: unknown, text: string) => unknown, find: (text: string) => Stretch[], replacement: Replacement): readonly unknown[] {
  let out: unknown[] | undefined;
  for (const { at, texts } of runs) {
    cutRun(texts, find, replacement)?.forEach((text, k) => {
      if (text !== texts[k]) (out ??= items.slice())[at + k] = withText(items[at + k], text);
    });
  }
  return out ?? items;
}
