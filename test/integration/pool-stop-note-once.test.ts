import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';
import { StateLog, tempDir } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('pool: a server stopped for what it sent', () => {
  it('says why once in the log, not again as a crash', async () => {
    const lines: string[] = [];
    const log = new StateLog();
    // A restart far off: the one stop is all the log holds.
    const pool = createPool({ cacheDir: tempDir('pool-stop-note-'), log: (l) => lines.push(l), maxMessageBytes: 256 * 1024, restartPolicy: { baseDelayMs: 60_000 } });
    pools.push(pool);
    pool.on('state', log.listener);
    await pool.apply({ mcpServers: { f: faultServer() } });
    await pool.start('f');
    const mark = log.mark();
    // Its log notification is one message over the bound, sent while it runs.
    const error = await rejection(pool.callTool('f', 'log', { message: 'x'.repeat(300 * 1024) }, { timeoutMs: 25_000 }));
    expect(error.code).toBe('server_unavailable');
    await log.waitFor('f', (s) => s.state === 'error', mark);
    const note = '[f] "f" sent a message over 256 KiB; it was not read, and the server was stopped (one message from a server may hold at most 256 KiB)';
    expect(lines.filter((l) => l === note)).toHaveLength(1);
    expect(pool.status('f').lastError?.message).toBe(note.slice('[f] '.length));
  });
});
