/**
 * The last lines a server printed before it failed (the pool keeps them as `data.stderr` and its
 * hint says "check the server's output below"): stack frames left out, so the line that says what
 * went wrong ("Cannot find module …") is among the few shown.
 */
export function serverOutputTail(data: Record<string, unknown> | undefined, max = 8): string[] {
  const stderr = data?.['stderr'];
  if (typeof stderr !== 'string') return [];
  const lines = stderr
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^\s+at\s/.test(line));
  return lines.slice(-max).map((line) => (line.length > 200 ? `${line.slice(0, 199)}…` : line));
}
