/** The line Node prints last after an uncaught exception (`Node.js v20.20.2`): the end of a Node crash. */
const NODE_TRAILER = /^Node\.js v\d+\.\d+\.\d+\S*$/;
/** A stack frame (`    at Module._resolveFilename (node:internal/…)`). */
const FRAME = /^\s+at\s/;
/** The line that names an error: `Error: …`, `TypeError [ERR_X]: …`, `SyntaxError: …`. */
const ERROR_LINE = /^[A-Z]?\w*(?:Error|Exception)(?: \[[\w.-]+\])?: /;

/**
 * The lines of a server's stderr that say what went wrong, blank lines and stack frames left out.
 * When it is a Node crash (its last line Node's version trailer), what follows the error's own line
 * goes too: the trailer, the frames, the error's properties (`{ code: 'MODULE_NOT_FOUND', … }`) and
 * the "Require stack" under the message, so the last line is the error (`Error: Cannot find module …`).
 */
export function meaningfulStderr(stderr: string): string[] {
  const lines = stderr.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() !== '');
  if (!NODE_TRAILER.test(lines.at(-1)?.trim() ?? '')) return lines.filter((line) => !FRAME.test(line));
  const report = lines.slice(0, -1);
  const firstFrame = report.findIndex((line) => FRAME.test(line));
  const before = firstFrame < 0 ? report : report.slice(0, firstFrame);
  const errorAt = before.findLastIndex((line) => ERROR_LINE.test(line.trim()));
  return errorAt < 0 ? before : before.slice(0, errorAt + 1);
}
