import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_SERVER_NAMES } from '../app';
import { AGENTS_FILE, parseAgentsFile } from '../bridge';
import { MAX_STATE_FILE_BYTES, errnoCode, readTextFile } from '../fs-safe';
import { CONFIG_FILE, readConfig } from '../registry';
import type { CliContext } from './context';
import type { TakenServerNames } from './name-checks';
import { connectRunningApp, type RunningApp } from './running-app';
import { findLiveApp } from './start-up';

/**
 * The names already taken, for the hint of a refused new name: the running app's when one answers,
 * else as the data folder's files hold them. Nothing is written, started or asked (no core opens, so
 * a fresh folder stays empty and no passphrase is needed); a file that cannot be read gives no names.
 */
async function takenNames<T>(ctx: Pick<CliContext, 'dataDir'>, fromApp: (app: RunningApp) => Promise<T>, fromFiles: () => Promise<T>, none: T): Promise<T> {
  try {
    const live = await findLiveApp(ctx.dataDir);
    if (live) return await fromApp(await connectRunningApp(ctx.dataDir, live));
  } catch {
    // The app stopped or refused: the files still say what is configured.
  }
  return fromFiles().catch(() => none);
}

/** Whether `file` is missing: then the command line's first core writes the demo servers into it (createConfigIfMissing). */
async function missing(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return false;
  } catch (error) {
    return errnoCode(error) === 'ENOENT';
  }
}

/** The configured servers' names (mcp.json, or the running app's), and the demo servers' when mcp.json is yet to be written. */
export function configuredServerNames(ctx: Pick<CliContext, 'dataDir'>): Promise<TakenServerNames> {
  const file = join(ctx.dataDir, CONFIG_FILE);
  return takenNames<TakenServerNames>(
    ctx,
    async (app) => ({ configured: (await app.call('status', {})).servers.map((server) => server.name), demo: [] }),
    async () => {
      if (await missing(file)) return { configured: [], demo: DEMO_SERVER_NAMES };
      const read = await readConfig(file, undefined, false);
      // An entry skipped for its own problem still holds its name in the file.
      return { configured: read.kind === 'parsed' ? [...Object.keys(read.config.mcpServers), ...read.skipped.flatMap((issue) => issue.server ?? [])] : [], demo: [] };
    },
    { configured: [], demo: [] },
  );
}

/** The agents' names (agents.json, or the running app's). */
export function agentNames(ctx: Pick<CliContext, 'dataDir'>): Promise<readonly string[]> {
  const file = join(ctx.dataDir, AGENTS_FILE);
  return takenNames(
    ctx,
    async (app) => (await app.call('listAgents', {})).map((agent) => agent.name),
    async () => parseAgentsFile(await readTextFile(file, MAX_STATE_FILE_BYTES), file).map((agent) => agent.name),
    [],
  );
}
