import { terminalSafe } from './terminal-safe';

/** Combining marks kept on one base character: scripts use a few; hundreds stack into a wall of ink. */
export const MAX_MARKS = 8;
const MARK_RUN = new RegExp(`(\\p{M}{${String(MAX_MARKS)}})\\p{M}+`, 'gu');

/**
 * A server's display text (a title, a description) as agents' clients receive it: many print these in
 * a terminal or an approval prompt, so what a terminal acts on or hides (terminalSafe: escapes, bidi
 * overrides, zero-width characters) is shown as `\u` escapes, and a run of combining marks is cut.
 */
export function agentSafe(text: string): string {
  return terminalSafe(text).replace(MARK_RUN, '$1');
}
