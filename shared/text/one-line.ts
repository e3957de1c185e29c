import { terminalSafe } from './terminal-safe';

/**
 * Text another party chose (a server's tool name or error), for a place that is one line: a table
 * cell, an `error [...]:` line, a log line. terminalSafe, and its line breaks shown as `\u000a` too,
 * so it cannot end the line and write one that reads as ours.
 */
export function oneLineSafe(text: string): string {
  return terminalSafe(text).replace(/\n/g, '\\u000a');
}

/** A break after one of these (`a:` `[` `{`), or before a closing bracket, is inside a clause: a space joins it, not `; `. */
const OPEN_ENDED = /[,;:[{(]/;
const CLOSING = /[\]})]/;

/**
 * A message of several lines another party wrote (a server's error), as one line that reads: each line
 * break, and the blanks around it, as `; ` (a space inside brackets and after `:` or `,`), every other hidden
 * character an escape as terminalSafe shows it. Its lines read as the clauses they are, and none can
 * start a line that reads as ours.
 */
export function joinedLines(text: string): string {
  return terminalSafe(text.trim()).replace(/[^\S\n]*\n\s*/g, (found: string, at: number, whole: string) =>
    OPEN_ENDED.test(whole[at - 1] ?? '') || CLOSING.test(whole[at + found.length] ?? '') ? ' ' : '; ',
  );
}
