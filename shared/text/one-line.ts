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
  // Line by line, not one pattern over the text: a pattern of blanks around a break backtracks over a long run of blanks.
  const lines = terminalSafe(text.trim())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  let joined = lines[0] ?? '';
  for (const line of lines.slice(1)) joined += (OPEN_ENDED.test(joined.at(-1) ?? '') || CLOSING.test(line[0] ?? '') ? ' ' : '; ') + line;
  return joined;
}
