import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { parseConfigTextTolerant, type ConfigIssue, type McpConfig } from '../../shared/config';
import { redact } from '../../shared/redact';
import { errnoCode } from '../fs-safe';

const EMPTY_FILE_MESSAGE =
  'the file is empty; the last good config stays in force until it has content (to remove every server, write {"mcpServers": {}})';

/**
 * mcp.json as read now: `same` as last read (by hash), a `problem` that leaves the last good config in
 * force, or `parsed` with the entries skipped for their own problems. `hash` is undefined when unreadable.
 */
export type ConfigRead =
  | { kind: 'same' }
  | { kind: 'problem'; hash: string | undefined; issues: ConfigIssue[] }
  | { kind: 'parsed'; hash: string; config: McpConfig; skipped: ConfigIssue[] };

/** Reads and parses `file`; `loaded`: a config was loaded before (an empty file is then a moment of an edit). */
export async function readConfig(file: string, lastHash: string | undefined, loaded: boolean): Promise<ConfigRead> {
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errnoCode(error) !== 'ENOENT') {
      const reason = errnoCode(error) === 'EACCES' ? 'permission denied' : String(errnoCode(error) ?? error);
      return { kind: 'problem', hash: undefined, issues: [{ file, message: `cannot be read (${reason}); the last good config stays in force` }] };
    }
  }
  const hash = text === undefined ? 'missing' : createHash('sha256').update(text).digest('hex');
  if (hash === lastHash) return { kind: 'same' };
  if (text === undefined) {
    return { kind: 'problem', hash, issues: [{ file, message: 'the file is missing; the last good config stays in force until it is back' }] };
  }
  if (text.trim() === '' && loaded) {
    // Editors and `>` redirects empty the file before writing it: that moment must not remove every server.
    return { kind: 'problem', hash, issues: [{ file, message: EMPTY_FILE_MESSAGE }] };
  }
  const result = parseConfigTextTolerant(text, file);
  if (!result.ok) return { kind: 'problem', hash, issues: result.issues.map((issue) => ({ ...issue, message: redact(issue.message) })) };
  // A bad entry disables only itself: the others load, and the entry's problem is shown until fixed.
  const skipped = result.skipped.map((issue) => ({ ...issue, message: redact(issue.message) }));
  return { kind: 'parsed', hash, config: result.config, skipped };
}
