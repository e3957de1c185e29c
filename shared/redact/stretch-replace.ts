import type { Stretch } from './known-matcher';

/** What stands for a stretch: the same mark for all, or one per first string found. */
export type Replacement = string | ((found: string) => string);

/** `text` with each stretch (in order, not overlapping) replaced. */
export function replaceStretches(text: string, stretches: readonly Stretch[], replacement: Replacement): string {
  if (stretches.length === 0) return text;
  let out = '';
  let last = 0;
  for (const { start, end, found } of stretches) {
    out += text.slice(last, start) + (typeof replacement === 'string' ? replacement : replacement(found));
    last = end;
  }
  return out + text.slice(last);
}

/** Two lists of stretches as one, in order, overlapping ones joined (the first string of the earlier kept). */
export function mergeStretches(a: readonly Stretch[], b: readonly Stretch[]): Stretch[] {
  const all = [...a, ...b].sort((x, y) => x.start - y.start);
  const out: Stretch[] = [];
  for (const s of all) {
    const last = out.at(-1);
    if (last !== undefined && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}
