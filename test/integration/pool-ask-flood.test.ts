import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type AskRouter, type Pool } from '../../electron/pool';
import { ASKS_PER_SECOND } from '../../electron/pool/ask-budget';
import { askingServer } from '../fixtures/servers/config';
import { tempDir, waitFor } from '../support/server-harness';

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A server's requests outside any call were each declined and audited at its own pace, for ever.
describe('a stdio server sending forms outside any call as fast as they are answered', () => {
  it('reaches the router at most 10 times a second, and is stopped after 3 s of it with the reason in its status', async () => {
    let routed = 0;
    const router: AskRouter = {
      elicit: () => {
        routed++;
        return Promise.resolve({ action: 'decline' });
      },
      sample: () => Promise.reject(new Error('no')),
    };
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir('ask-flood-'), asks: { router, timeoutMs: 5_000 }, log: (line) => lines.push(line) });
    pools.push(pool);
    await pool.apply({ mcpServers: { loud: askingServer() } });
    const started = Date.now();
    await pool.callTool('loud', 'ask-flood-after', {});
    const status = await waitFor('loud stopped', () => (pool.status('loud').state === 'error' ? pool.status('loud') : undefined), 15_000);
    // The budget counts whole seconds of the clock, so a flood from x.9 s to (x+2).1 s spans four of them.
    const seconds = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
    expect(status.lastError?.message).toBe(`"loud" sent requests outside any call faster than ${ASKS_PER_SECOND} a second for 3 s in a row; it was stopped`);
    expect(routed).toBeGreaterThan(0);
    expect(routed).toBeLessThanOrEqual(ASKS_PER_SECOND * seconds);
    expect(lines.some((line) => /^\[loud\] declined \d+ requests outside any call over its budget of 10 a second$/.test(line))).toBe(true);
  }, 30_000);
});
