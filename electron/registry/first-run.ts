import { lstat } from 'node:fs/promises';
import { formatIssue, parseConfigObject, type StdioServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { writeFileAtomic } from '../fs-safe';
import { serializeConfig } from './config-file';
import type { FileLock } from '../fs-safe';
import { errnoCode, fsFailure } from '../fs-safe';

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return false;
    throw fsFailure(error, 'read', file);
  }
}

/**
 * Writes mcp.json when there is none (never over an existing one, checked under the lock).
 * Returns the servers written, so the caller can pre-approve them; null when the file existed.
 */
export async function createConfigIfMissing(
  file: string,
  fileLock: FileLock,
  demoServers: (() => Record<string, StdioServerConfig>) | undefined,
): Promise<Record<string, StdioServerConfig> | null> {
  // Every start but the first finds it: taking the lock only to see that costs `serve` its start-up (docs/how-it-is-built.md).
  if (await exists(file)) return null;
  return fileLock.run(async () => {
    if (await exists(file)) return null;
    const servers = demoServers?.() ?? {};
    const raw = { mcpServers: servers };
    const parsed = parseConfigObject(raw, file);
    if (!parsed.ok) {
      const first = parsed.issues[0];
      throw new CodedError('internal', `The built-in demo servers are not valid: ${first ? formatIssue(first) : 'unknown problem'}`, {
        hint: 'This is a bug in Connected Services; please report it. Meanwhile, create mcp.json by hand.',
      });
    }
    try {
      await writeFileAtomic(file, serializeConfig(raw), { mode: 0o600 });
    } catch (error) {
      throw fsFailure(error, 'create', file);
    }
    return servers;
  });
}
