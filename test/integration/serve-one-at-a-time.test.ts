import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
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
});
