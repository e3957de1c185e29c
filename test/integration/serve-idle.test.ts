import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTree } from '../bench/proc-rss';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

/** serve's descendants running server-everything. */
function everythingProcesses(serve: number): number[] {
  return processTree(serve)
    .slice(1)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server-everything');
      } catch {
        return false; // exited meanwhile
      }
    });
}

type Status = { servers: { name: string; state: string; toolCount: number; lastError?: unknown }[] };

describe('serve: idle stop (settings.idleTimeoutMs)', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('stops server-everything after a short idle time, keeps its tools listed, and restarts it for the next call', async () => {
    const home = tempHome();
    // The first run writes the approved demo servers and caches everything's inventory.
    expect((await runCli(home, ['tools', 'everything', '--json'])).code).toBe(0);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...config, settings: { idleTimeoutMs: 1000 } }, null, 2));
    served = await startServe(home);
    const serve = served.child.pid ?? 0;
    const api = (method: string, input?: unknown): ReturnType<Served['api']> => (served as Served).api(method, input);

    const first = await api('callTool', { server: 'everything', tool: 'echo', arguments: { message: 'before idle' } });
    expect(JSON.stringify(first.body.result)).toContain('before idle');
    expect(everythingProcesses(serve).length).toBeGreaterThan(0);

    await eventually(() => Promise.resolve(everythingProcesses(serve).length === 0 ? true : undefined), 15_000);
    // The process goes first; the slot says idle once its stop has finished.
    const everything = await eventually(async () => {
      const status = (await api('status')).body.result as Status;
      const found = status.servers.find((s) => s.name === 'everything');
      return found?.state === 'idle' ? found : undefined;
    }, 15_000);
    expect(everything).toMatchObject({ state: 'idle' });
    expect(everything?.lastError).toBeUndefined();
    expect(everything?.toolCount).toBeGreaterThan(5);
    // Listings answer from the cache without spawning.
    const tools = (await api('listTools')).body.result as { server: string; name: string }[];
    expect(tools.some((t) => t.server === 'everything' && t.name === 'echo')).toBe(true);
    expect(everythingProcesses(serve)).toEqual([]);

    const again = await api('callTool', { server: 'everything', tool: 'echo', arguments: { message: 'after idle' } });
    expect(JSON.stringify(again.body.result)).toContain('after idle');
    expect(everythingProcesses(serve).length).toBeGreaterThan(0);
  });
});
