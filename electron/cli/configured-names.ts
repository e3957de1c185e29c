import { join } from 'node:path';
import { AGENTS_FILE, parseAgentsFile } from '../bridge';
import { MAX_STATE_FILE_BYTES, readTextFile } from '../fs-safe';
import { CONFIG_FILE, readConfig } from '../registry';
import type { CliContext } from './context';
import { connectRunningApp, type RunningApp } from './running-app';
import { findLiveApp } from './start-up';

/**
 * The names already taken, for the hint of a refused new name: the running app's when one answers,
 * else as the data folder's files hold them. Nothing is written, started or asked (no core opens, so
 * a fresh folder stays empty and no passphrase is needed); a file that cannot be read gives no names.
 */
async function takenNames(ctx: Pick<CliContext, 'dataDir'>, fromApp: (app: RunningApp) => Promise<readonly string[]>, fromFiles: () => Promise<readonly string[]>): Promise<readonly string[]> {
  try {
    const live = await findLiveApp(ctx.dataDir);
    if (live) return await fromApp(await connectRunningApp(ctx.dataDir, live));
  } catch {
    // The app stopped or refused: the files still say what is configured.
  }
  return fromFiles().catch(() => []);
}

/** The configured servers' names (mcp.json, or the running app's). */
export function configuredServerNames(ctx: Pick<CliContext, 'dataDir'>): Promise<readonly string[]> {
  return takenNames(
    ctx,
    async (app) => (await app.call('status', {})).servers.map((server) => server.name),
    async () => {
      const read = await readConfig(join(ctx.dataDir, CONFIG_FILE), undefined, false);
      // An entry skipped for its own problem still holds its name in the file.
      return read.kind === 'parsed' ? [...Object.keys(read.config.mcpServers), ...read.skipped.flatMap((issue) => issue.server ?? [])] : [];
    },
  );
}

/** The agents' names (agents.json, or the running app's). */
export function agentNames(ctx: Pick<CliContext, 'dataDir'>): Promise<readonly string[]> {
  const file = join(ctx.dataDir, AGENTS_FILE);
  return takenNames(
    ctx,
    async (app) => (await app.call('listAgents', {})).map((agent) => agent.name),
    async () => parseAgentsFile(await readTextFile(file, MAX_STATE_FILE_BYTES), file).map((agent) => agent.name),
  );
}
