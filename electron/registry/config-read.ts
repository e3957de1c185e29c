import { createHash } from 'node:crypto';
import { parseConfigTextTolerant, type ConfigIssue, type McpConfig } from '../../shared/config';
import { errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { errnoCode, readRegularFile } from '../fs-safe';

/** Far above any hand-written config; bounds what a mistaken path (a log, a disk image) makes us read. */
export const MAX_CONFIG_BYTES = 16 * 1024 * 1024;

/** mcp.json's text; '' when empty. A FIFO, device or folder is refused unread: reading a FIFO waits for a writer forever. */
export async function readConfigText(file: string): Promise<string> {
  const read = await readRegularFile(file, MAX_CONFIG_BYTES);
  if ('bytes' in read) return read.bytes.toString('utf8');
  if (read.problem === 'empty') return '';
  if (read.problem === 'unreadable') throw read.cause;
  throw Object.assign(new Error(read.problem === 'not_regular' ? 'not a regular file (a FIFO, a device or a folder)' : `larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MiB`), { reason: read.problem });
}

const EMPTY_FILE_MESSAGE =
  'the file is empty; the last good config stays in force until it has content (to remove every server, write {"mcpServers": {}})';
const EMPTY_FIRST_MESSAGE = 'the file is empty, so no server is in force until it has content (for no servers, write {"mcpServers": {}})';

/**
 * mcp.json as read now: `same` as last read (by hash), a `problem` that leaves the last good config in
 * force, or `parsed` with the entries skipped for their own problems. `hash` is undefined when unreadable.
 */
export type ConfigRead =
  | { kind: 'same' }
  | { kind: 'problem'; hash: string | undefined; issues: ConfigIssue[] }
  | { kind: 'parsed'; hash: string; config: McpConfig; skipped: ConfigIssue[] };

/** Reads and parses `file`; `loaded`: a config was loaded before, which stays in force over an empty file. */
export async function readConfig(file: string, lastHash: string | undefined, loaded: boolean): Promise<ConfigRead> {
  let text: string | undefined;
  try {
    text = await readConfigText(file);
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') {
      const reason = errnoCode(error) === 'EACCES' ? 'permission denied' : (errnoCode(error) ?? errorMessage(error));
      return { kind: 'problem', hash: undefined, issues: [{ file, message: `cannot be read (${reason}); the last good config stays in force`, told: true }] };
    }
  }
  const hash = text === undefined ? 'missing' : createHash('sha256').update(text).digest('hex');
  if (hash === lastHash) return { kind: 'same' };
  if (text === undefined) {
    return { kind: 'problem', hash, issues: [{ file, message: 'the file is missing; the last good config stays in force until it is back', told: true }] };
  }
  if (text.trim() === '') {
    // Editors and `>` redirects empty the file before writing it: that moment must not remove every server,
    // and a command that reads it then must not report "no servers" as if that were the config.
    return { kind: 'problem', hash, issues: [{ file, message: loaded ? EMPTY_FILE_MESSAGE : EMPTY_FIRST_MESSAGE, told: true }] };
  }
  const result = parseConfigTextTolerant(text, file);
  if (!result.ok) return { kind: 'problem', hash, issues: result.issues.map((issue) => ({ ...issue, message: redact(issue.message) })) };
  // A bad entry disables only itself: the others load, and the entry's problem is shown until fixed.
  const skipped = result.skipped.map((issue) => ({ ...issue, message: redact(issue.message) }));
  return { kind: 'parsed', hash, config: result.config, skipped };
}
