import { canonicalJson } from '../../shared/config';
import { backOffPair, onOffPair, sameEnd, sameStart } from './code-units';

/** The most characters of a schema value shown on one line; past it, only the region that changed and some context. */
export const MAX_SHOWN = 300;
const CONTEXT = 40;

/** A value on one line for people, or part of it; `cut` when characters were left out (marked where). */
export interface Shown {
  text: string;
  cut: boolean;
}

/** Where characters were left out, and how many: a hostile server's own `…` cannot pass for it with a count. */
export const leftOut = (n: number): string => `[…${n} characters…]`;

const json = (value: unknown): string => canonicalJson(value) ?? 'undefined';

/** A value as one line, its head when long: schemas come from the server. */
export function shownValue(value: unknown): Shown {
  const text = json(value);
  if (text.length <= MAX_SHOWN) return { text, cut: false };
  const head = text.slice(0, backOffPair(text, MAX_SHOWN));
  return { text: `${head}${leftOut(text.length - head.length)}`, cut: true };
}

/** `text` from `from` to `to` (what changed) with context, what is left out marked. */
function around(text: string, from: number, to: number): string {
  const start = backOffPair(text, Math.max(0, from - CONTEXT));
  const changedEnd = to - from > MAX_SHOWN ? backOffPair(text, from + MAX_SHOWN) : to;
  const end = onOffPair(text, Math.min(text.length, to + CONTEXT));
  return [
    start > 0 ? leftOut(start) : '',
    text.slice(start, changedEnd),
    changedEnd < to ? `${leftOut(to - changedEnd)}${text.slice(to, end)}` : text.slice(to, end),
    end < text.length ? leftOut(text.length - end) : '',
  ].join('');
}

/**
 * Two values of one change as one line each; when either is long, each shows the region that
 * differs (between their common start and end), so a change however far in is never hidden.
 */
export function shownPair(before: unknown, after: unknown): { before: string; after: string; cut: boolean } {
  const was = json(before);
  const now = json(after);
  if (was.length <= MAX_SHOWN && now.length <= MAX_SHOWN) return { before: was, after: now, cut: false };
  const start = backOffPair(was, sameStart(was, now));
  const end = was.length - onOffPair(was, was.length - sameEnd(was, now, start));
  return { before: around(was, start, was.length - end), after: around(now, start, now.length - end), cut: true };
}
