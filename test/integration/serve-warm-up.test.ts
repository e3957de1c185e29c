import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';
import { everythingServer } from '../fixtures/servers/config';

interface Status {
  name: string;
  state: string;
  toolCount: number;
  inventoryUpdatedAt?: number;
}

// A service added and approved in the app is started once so that its tools are known (to the
// screens and to agents' listings) before anyone calls it, as the config's servers are at start.
describe('a service added while the app runs', () => {
  let served: Served;
  const status = async (name: string) => ((await served.api('status')).body.result as { servers: Status[] }).servers.find((s) => s.name === name);

  beforeAll(async () => {
    served = await startServe(tempHome('cs-warm-'));
  }, 60_000);
  afterAll(async () => {
    await served.stop();
  });

  it('is started once it is approved, and its tools are listed without a call', async () => {
    expect((await served.api('addServer', { name: 'added', config: everythingServer() })).status).toBe(200);
    // Waiting for approval: nothing runs.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await status('added')).toMatchObject({ state: 'idle', toolCount: 0 });
    expect((await served.api('approveServer', { name: 'added' })).status).toBe(200);
    const ready = await eventually(async () => {
      const now = await status('added');
      return now?.inventoryUpdatedAt !== undefined ? now : undefined;
    }, 30_000);
    expect(ready.toolCount).toBeGreaterThan(10);
    const tools = (await served.api('listTools', { server: 'added' })).body.result as Array<{ name: string }>;
    expect(tools.map((t) => t.name)).toContain('echo');
  }, 60_000);
});
