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
