import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// Two `serve` started together for one data folder (a service manager and a person, a double
// click) each found no app running and both ran: two bridges, two watchers, one runtime.json.
describe('serve: one app per data folder, however many start at once', () => {
  it('of three started together on a fresh home, one runs and the others name it and exit 0', async () => {
    const home = tempHome('cs-serve-once-');
    const all = await Promise.allSettled([startServe(home), startServe(home), startServe(home)]);
    const served = all.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(all.filter((r) => r.status === 'rejected').map((r) => String(r.reason))).toEqual([]);
      const running = served.filter((s) => !s.alreadyRunning);
      expect(running).toHaveLength(1);
      const [one] = running as [Served];
      for (const other of served.filter((s) => s.alreadyRunning)) {
        expect({ pid: other.pid, origin: other.origin, bridge: other.bridge }).toEqual({ pid: one.pid, origin: one.origin, bridge: one.bridge });
        expect(await other.stop()).toBe(0);
      }
      expect((await one.api('bridgeInfo')).status).toBe(200);
    } finally {
      await Promise.all(served.map((s) => s.stop()));
    }
  }, 120_000);

  // A hostile review stopped the first app (SIGSTOP; a suspended laptop or a load of 20 does the
  // same for 2 s): a second serve took it for dead and ran beside it on the same folder.
  it.runIf(process.platform === 'linux')('a running app that does not answer is not taken for dead: a second start is refused, naming it', async () => {
    const home = tempHome('cs-serve-silent-');
    const first = await startServe(home);
    try {
      process.kill(first.pid, 'SIGSTOP');
      const second = await runCli(home, ['serve', '--port', '0', '--bridge-port', '0'], { timeoutMs: 60_000 });
      process.kill(first.pid, 'SIGCONT');
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`The app for this data folder is already running (pid ${first.pid}`);
      expect(second.stderr).toContain(`kill ${first.pid}`);
      expect(second.stderr).not.toMatch(/\n\s+at /);
      expect((JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid).toBe(first.pid);
      expect((await first.api('bridgeInfo')).status).toBe(200);
    } finally {
      try {
        process.kill(first.pid, 'SIGCONT');
      } catch {
        // already gone
      }
      await first.stop();
    }
  }, 120_000);
});
