import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { PROGRESS_BURST, PROGRESS_INTERVAL_MS } from '../../electron/pool/progress-pacer';
import type { CallProgress } from '../../electron/pool/types';
import { faultServer } from '../fixtures/servers/config';
import { tempDir, textOf } from '../support/server-harness';

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// Progress was relayed one for one at any rate: thousands a second into an agent's client.
describe('a server sending progress about 2 a millisecond during a call', () => {
  it('reaches the caller at most 10 times a second past a burst of 10, the last (done) one included', async () => {
    const pool = createPool({ cacheDir: tempDir('progress-flood-') });
    pools.push(pool);
    await pool.apply({ mcpServers: { fault: faultServer() } });
    const seen: CallProgress[] = [];
    const started = Date.now();
    const result = await pool.callTool('fault', 'progress-flood', { ms: 1_500 }, { onProgress: (p) => seen.push(p) });
    const took = Date.now() - started;
    const sent = Number(/sent (\d+)/.exec(textOf(result))?.[1]);
    expect(sent).toBeGreaterThan(100);
    expect(seen.length).toBeLessThanOrEqual(PROGRESS_BURST + Math.ceil(took / PROGRESS_INTERVAL_MS) + 2);
    expect(seen.at(-1)).toMatchObject({ progress: 1_000_000, total: 1_000_000 });
  }, 30_000);
});
