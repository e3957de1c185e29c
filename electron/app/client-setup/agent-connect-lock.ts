import path from 'node:path';
import { CodedError } from '../../../shared/errors';
import { AgentNameSchema } from '../../bridge';
import { withFileLock, type LockOptions } from '../../fs-safe';

/**
 * Long enough for a holder that waits its turn for a client file (60 s, client-lock.ts) and then
 * writes a busy `~/.claude.json`. A holder that died is taken over at once (its record names it).
 */
const CONNECT_LOCK: LockOptions = { staleMs: 10_000, timeoutMs: 120_000 };

/** The lock's path without `.lock`: beside the start lock (runtime.json.lock) in the data folder. */
export function agentConnectLockPath(dataDir: string, agent: string): string {
  // Only a name the store would take becomes part of a path: no separator, no `..`.
  if (!AgentNameSchema.safeParse(agent).success) {
    throw new CodedError('invalid_input', `"${agent.slice(0, 80)}" is not an agent name`, { hint: 'See `connected-services agents list`' });
  }
  return path.join(dataDir, `connect-${agent}`);
}

/**
 * Runs `fn` holding `connect-NAME.lock` in the data folder, so connects and disconnects of one agent
 * take turns across processes (two CLI runs, the CLI beside the app): each finds the token the one
 * before kept or wrote, instead of both giving the agent a new one and the vault keeping the loser's.
 * Without a data folder (an API made for tests), only the caller's own queue holds them to turns.
 */
export function withAgentConnectLock<T>(dataDir: string | undefined, agent: string, fn: () => Promise<T>): Promise<T> {
  if (dataDir === undefined) return fn();
  return withFileLock(agentConnectLockPath(dataDir, agent), { ...CONNECT_LOCK, label: `the connects of agent "${agent}"` }, () => fn());
}
