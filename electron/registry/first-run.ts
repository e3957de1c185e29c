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

/** Where the person looks at what a new data folder starts with: the command line, or the desktop app's window. */
export type FirstRunPlace = 'command line' | 'app';

const DEMO_SHOWN: Record<FirstRunPlace, string> = { 'command line': 'servers list shows them', app: 'the Services screen shows them' };
const NONE_YET: Record<FirstRunPlace, string> = { 'command line': 'servers add adds one', app: 'add one on the Services screen' };

/**
 * What a first run starts with, in the words of the place the person looks: the demo servers, or
 * none where the demo is not written (a packaged app, whose files a system `node` cannot read).
 */
export function firstRunWords(place: FirstRunPlace, demo = true): string {
  return demo ? `like any first run, it starts with the demo servers (${DEMO_SHOWN[place]})` : `it starts with no servers (${NONE_YET[place]})`;
}
