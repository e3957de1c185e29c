import { realpath } from 'node:fs/promises';
import {
  canonicalJson,
  formatIssue,
  isRecord,
  locateJsonError,
  parseConfigObject,
  parseConfigObjectTolerant,
  type ConfigIssue,
} from '../../shared/config';
import { CodedError, errorMessage } from '../../shared/errors';
import { readConfigText } from './config-read';
import { redact } from '../../shared/redact';
import { writeFileAtomic } from '../fs-safe';
import { errnoCode, fsFailure } from '../fs-safe';
import type { FileLock } from '../fs-safe';

/** mcp.json as found on disk: every key kept, so other clients' keys and fields survive our edits. */
export interface RawConfig {
  raw: Record<string, unknown>;
  servers: Record<string, unknown>;
}

function describeIssues(issues: ConfigIssue[]): string {
  const [first] = issues;
  if (!first) return 'it is not valid';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return redact(formatIssue(first)) + more;
}

function issuesOf(raw: unknown, file: string): ConfigIssue[] {
  const parsed = parseConfigObject(raw, file);
  return parsed.ok ? [] : parsed.issues;
}

/** The file is broken: editing it would either fail or hide the problem, so edits wait for a fix. */
export function refuseInvalid(file: string, issues: ConfigIssue[]): CodedError {
  return new CodedError('invalid_config', `${file} has a problem, so it was not changed: ${describeIssues(issues)}`, {
    hint: `Fix ${file} first (or undo your last edit of it), then try again.`,
    data: { issues: issues.map((issue) => ({ ...issue, message: redact(issue.message) })) },
  });
}

/**
 * Reads mcp.json for an edit (call under the lock); a missing or empty file is an empty config,
 * unless `inForce` servers are configured: then it is an editor's write in progress (or a mistake),
 * and an edit built on it would write a file without them.
 */
export async function readRawConfig(file: string, inForce = 0): Promise<RawConfig> {
  let text: string;
  try {
    text = await readConfigText(file);
  } catch (error) {
    if (errnoCode(error) === undefined) throw new CodedError('invalid_config', `${file} cannot be read: ${errorMessage(error)}; nothing was changed`, { hint: `Put a regular JSON file at ${file}.` });
    if (errnoCode(error) !== 'ENOENT') throw fsFailure(error, 'read', file);
    text = '';
  }
  if (text.trim() === '' && inForce > 0) {
    throw new CodedError('invalid_config', `${file} is empty or missing while ${inForce} server(s) are configured; nothing was changed`, {
      hint: 'Wait for the editor to finish writing it, or restore it, then try again.',
    });
  }
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch {
      throw refuseInvalid(file, [{ file, message: locateJsonError(text) }]);
    }
  }
  // A bad entry does not block edits (removing or fixing it is one); a broken file does.
  const parsed = parseConfigObjectTolerant(raw, file);
  if (!parsed.ok) throw refuseInvalid(file, parsed.issues);
  if (!isRecord(raw)) throw refuseInvalid(file, [{ file, message: 'expected a JSON object' }]);
  const servers = isRecord(raw['mcpServers']) ? raw['mcpServers'] : {};
  raw['mcpServers'] = servers;
  return { raw, servers };
}

export function serializeConfig(raw: Record<string, unknown>): string {
  return `${JSON.stringify(raw, null, 2)}\n`;
}

/**
 * Read-modify-write of mcp.json under the lock: re-reads the file (another process may have written
 * it), lets `mutate` change the raw entries, validates the whole result, writes atomically (0600).
 * Writes nothing when `mutate` changed nothing. Returns what `mutate` returned.
 */
export async function editConfigFile<T>(
  file: string,
  fileLock: FileLock,
  mutate: (config: RawConfig) => T | Promise<T>,
  /** How many servers the running config has (see readRawConfig). */
  inForce = 0,
): Promise<T> {
  return fileLock.run(async () => {
    const config = await readRawConfig(file, inForce);
    const before = canonicalJson(config.raw);
    const known = new Set(issuesOf(config.raw, file).map(formatIssue));
    const result = await mutate(config);
    if (canonicalJson(config.raw) === before) return result;
    // Only problems this change brings are refused: entries that were already bad stay as they were.
    const added = issuesOf(config.raw, file).filter((issue) => !known.has(formatIssue(issue)));
    if (added.length > 0) {
      throw new CodedError('invalid_input', `This change would make the config invalid: ${describeIssues(added)}`, {
        hint: 'Correct the server settings and try again.',
        data: { issues: added.map((issue) => ({ ...issue, message: redact(issue.message) })) },
      });
    }
    try {
      // A symlinked mcp.json (dotfiles) stays a symlink: the rename replaces its target.
      const target = await realpath(file).catch(() => file);
      await writeFileAtomic(target, serializeConfig(config.raw), { mode: 0o600 });
    } catch (error) {
      throw fsFailure(error, 'write', file);
    }
    return result;
  });
}
