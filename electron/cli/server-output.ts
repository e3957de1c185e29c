import { meaningfulStderr } from '../pool';

/**
 * The last lines a server printed before it failed (the pool keeps them as `data.stderr` and its
 * hint says "check the server's output below"): stack frames and a Node crash's trailer left out, so
 * the line that says what went wrong ("Cannot find module …") is among the few shown, and last.
 */
export function serverOutputTail(data: Record<string, unknown> | undefined, max = 8): string[] {
  const stderr = data?.['stderr'];
  if (typeof stderr !== 'string') return [];
  return meaningfulStderr(stderr).slice(-max).map((line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line));
}
