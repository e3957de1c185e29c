import { terminalSafe } from './terminal-safe';

/**
 * Text another party chose (a server's tool name or error), for a place that is one line: a table
 * cell, an `error [...]:` line, a log line. terminalSafe, and its line breaks shown as `\u000a` too,
 * so it cannot end the line and write one that reads as ours.
 */
export function oneLineSafe(text: string): string {
  return terminalSafe(text).replace(/\n/g, '\\u000a');
}
