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

/**
 * `items` (a result's content) with a known value that runs across adjacent text items (a server
 * that sends a secret's halves as two items, which an agent reads as one text) replaced in each item
 * it spans; the same array when none does. An item alone is left to its own redaction.
 */
export function cutAcrossTextItems(items: readonly unknown[], find: (text: string) => Stretch[], replacement: Replacement): readonly unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; ) {
    const texts: string[] = [];
    for (let text = textOf(items[i]); text !== undefined; text = textOf(items[i + texts.length])) texts.push(text);
    const cut = texts.length >= 2 ? cutRun(texts, find, replacement) : undefined;
    cut?.forEach((text, k) => {
      if (text !== texts[k]) (out ??= items.slice())[i + k] = { ...(items[i + k] as object), text };
    });
    i += Math.max(1, texts.length);
  }
  return out ?? items;
}
