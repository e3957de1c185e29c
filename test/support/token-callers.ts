import { readFileSync, statSync } from 'node:fs';
import type { Pool } from '../../electron/pool';
import { textOf } from './server-harness';

/** What the token fixtures (test/fixtures/stdio-auth) answer to `whoami` and `slow`: their pid and what the API said. */
export interface Who {
  pid: number;
  status: number;
  body: Record<string, string>;
}

export const who = (text: string): Who => JSON.parse(text) as Who;

/**
 * Two callers keep overlapping `slow` calls (700 and 450 ms) of `server` going until `deadline` (ms since
 * the epoch): the pids that answered, and every failure (a restart during a call fails it).
 */
export async function overlappingCalls(pool: Pool, server: string, deadline: number): Promise<{ pids: Set<number>; errors: string[] }> {
  const pids = new Set<number>();
  const errors: string[] = [];
  const caller = async (ms: number): Promise<void> => {
    while (Date.now() < deadline) {
      try {
        const result = await pool.callTool(server, 'slow', { ms });
        if (result.isError) errors.push(textOf(result));
        else pids.add(who(textOf(result)).pid);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  await Promise.all([caller(700), caller(450)]);
  return { pids, errors };
}

/**
 * `whoami` calls of `server` every 300 ms until `deadline` (ms since the epoch), each one answered by
 * the program `pid` (a renewed credential file needs no restart): the inodes its credential file at
 * `path` had and the access tokens it held (a `json` file), those before the first call included.
 */
export async function fileRenewals(pool: Pool, server: string, path: string, pid: number, deadline: number): Promise<{ inodes: Set<number>; tokens: Set<string> }> {
  const inodes = new Set<number>();
  const tokens = new Set<string>();
  const look = (): void => {
    inodes.add(statSync(path).ino);
    tokens.add(String((JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)['access_token']));
  };
  look();
  while (Date.now() < deadline) {
    const result = await pool.callTool(server, 'whoami', {});
    if (result.isError) throw new Error(`${server} failed during renewals: ${textOf(result)}`);
    const answered = who(textOf(result)).pid;
    if (answered !== pid) throw new Error(`${server} was restarted during renewals (pid ${pid}, then ${answered})`);
    look();
    await new Promise((r) => setTimeout(r, 300));
  }
  return { inodes, tokens };
}
