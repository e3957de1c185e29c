import { diffWords } from 'diff';
import type { WordChange } from '../../shared/api';
import { backOffPair, onOffPair, sameEnd, sameStart } from './code-units';

/**
 * The most characters of each side's differing middle that are word-diffed (an agent's server
 * controls descriptions, and the diff's cost grows with their product); the rest is marked skipped.
 */
export const MAX_DIFF_CHARS = 20_000;

/** Unchanged characters kept on each side of a change; a longer unchanged run is marked skipped. */
export const DIFF_CONTEXT = 200;

const isWordChar = (char: string | undefined): boolean => char !== undefined && /[\p{L}\p{N}\p{M}_]/u.test(char);

/** Whether `at` is between two of jsdiff's word tokens in `text` (not inside a word). */
const between = (text: string, at: number): boolean => at === 0 || at === text.length || !isWordChar(text[at]) || !isWordChar(text[at - 1]);

const isSpace = (char: string | undefined): boolean => char !== undefined && /\s/.test(char);

/** The greatest `back` from `n` down (at most 64 back) that `ok` takes: after whitespace first (jsdiff keeps it with the words before), else between words. */
function snap(n: number, afterSpace: (back: number) => boolean, between: (back: number) => boolean): number | undefined {
  for (let back = n; back > Math.max(0, n - 64); back--) if (afterSpace(back)) return back;
  for (let back = n; back >= Math.max(0, n - 64); back--) if (between(back)) return back;
  return undefined;
}

/** Characters both start with, ended between words (none split in two) when that is near, never inside a surrogate pair. */
function commonStart(a: string, b: string): number {
  const n = sameStart(a, b);
  return backOffPair(a, snap(n, (back) => isSpace(a[back - 1]), (back) => between(a, back) && between(b, back)) ?? n);
}

/** Characters both end with after `start`, begun between words when that is near, never inside a surrogate pair. */
function commonEnd(a: string, b: string, start: number): number {
  const n = sameEnd(a, b, start);
  const back = snap(n, (k) => isSpace(a[a.length - k]), (k) => between(a, a.length - k) && between(b, b.length - k)) ?? n;
  return a.length - onOffPair(a, a.length - back);
}

const headOf = (text: string, at: number): string => text.slice(0, backOffPair(text, at));

const skipped = (before: number, after: number): WordChange => ({ text: '', op: 'skipped', before, after });

/** An unchanged run, its middle skipped when long: context kept after a change before it and before a change after it. */
function sameRun(text: string, first: boolean, last: boolean): WordChange[] {
  const keepHead = first ? 0 : DIFF_CONTEXT;
  const keepTail = last ? 0 : DIFF_CONTEXT;
  if (text.length <= keepHead + keepTail + DIFF_CONTEXT) return text === '' ? [] : [{ text, op: 'same' }];
  const head = headOf(text, keepHead);
  const tail = keepTail === 0 ? '' : text.slice(onOffPair(text, text.length - keepTail));
  const left = text.length - head.length - tail.length;
  return [...(head === '' ? [] : [{ text: head, op: 'same' as const }]), skipped(left, left), ...(tail === '' ? [] : [{ text: tail, op: 'same' as const }])];
}

/** An unchanged description: its first MAX_DIFF_CHARS, the rest counted. */
function unchanged(text: string): WordChange[] {
  const head = headOf(text, MAX_DIFF_CHARS);
  return [{ text: head, op: 'same' }, ...(head.length < text.length ? [skipped(text.length - head.length, text.length - head.length)] : [])];
}

/**
 * The most word edits looked for: the diff's cost grows with the length times this. Texts further
 * apart are shown as the one removed and the other added.
 */
const MAX_EDITS = 1000;

function middleDiff(was: string, now: string): WordChange[] {
  const parts = diffWords(was, now, { maxEditLength: MAX_EDITS });
  if (parts === undefined) return [...(was === '' ? [] : [{ text: was, op: 'removed' as const }]), ...(now === '' ? [] : [{ text: now, op: 'added' as const }])];
  return parts.map((part) => ({ text: part.value, op: part.added ? 'added' : part.removed ? 'removed' : 'same' }));
}

/**
 * A word diff of two descriptions (jsdiff's diffWords: whitespace is kept with the words). Of long
 * ones only the part between their common start and end is diffed, so a change however far in is shown; long
 * unchanged runs and a differing middle past MAX_DIFF_CHARS are `skipped` parts counting what each
 * side left out.
 */
export function wordDiff(before: string, after: string): WordChange[] {
  if (before === after) return before === '' ? [] : unchanged(before);
  // Short enough to diff whole (as it always was); longer, only what lies between the common start and end.
  const whole = before.length <= MAX_DIFF_CHARS && after.length <= MAX_DIFF_CHARS;
  const start = whole ? 0 : commonStart(before, after);
  const end = whole ? 0 : commonEnd(before, after, start);
  const was = before.slice(start, before.length - end);
  const now = after.slice(start, after.length - end);
  const wasHead = headOf(was, MAX_DIFF_CHARS);
  const nowHead = headOf(now, MAX_DIFF_CHARS);
  const middle = middleDiff(wasHead, nowHead);
  const cutMiddle = was.length > wasHead.length || now.length > nowHead.length ? [skipped(was.length - wasHead.length, now.length - nowHead.length)] : [];
  const parts: WordChange[] = [{ text: before.slice(0, start), op: 'same' }, ...middle, ...cutMiddle, { text: before.slice(before.length - end), op: 'same' }];
  // Neighbouring unchanged runs as one, then each long one shortened.
  const merged: WordChange[] = [];
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (part.op === 'same' && last?.op === 'same') merged[merged.length - 1] = { text: last.text + part.text, op: 'same' };
    else if (part.op !== 'same' || part.text !== '') merged.push(part);
  }
  return merged.flatMap((part, i) => (part.op === 'same' ? sameRun(part.text, i === 0, i === merged.length - 1) : [part]));
}

/** Whether a word diff left anything out. */
export function diffCut(parts: readonly WordChange[]): boolean {
  return parts.some((part) => part.op === 'skipped');
}
