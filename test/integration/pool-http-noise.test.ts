import { afterEach, describe, expect, it } from 'vitest';
import { createPool } from '../../electron/pool';
import { startStrayHttpServer, type StrayKind } from '../fixtures/servers/stray-http-server';
import { tempDir, waitFor } from '../support/server-harness';

const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

// An HTTP server's messages that answer nothing or are not JSON-RPC have the budget a stdio server's
// stray stdout lines have: a line each up to 100 a second, then a count, then the server is stopped.
describe('an HTTP server flooding its GET stream with messages that are no use', () => {
  it.each<[string, StrayKind, string]>([
    ['answers to ids never asked', 'answers', 'dropped a'],
    ['events that are not JSON', 'junk', 'JSON'],
  ])('%s: the log stays bounded and the server is stopped saying why', async (_what, kind, shown) => {
    const server = await startStrayHttpServer(kind);
    open.push(server);
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir('http-noise-'), log: (line) => lines.push(line) });
    open.push(pool);
    await pool.apply({ mcpServers: { stray: { type: 'http', url: server.url } } });
    const started = Date.now();
    await pool.start('stray').catch(() => undefined);
    // The server must out-send 100 a second for 3 s in a row: on a loaded machine that can take longer.
    const status = await waitFor('stray stopped', () => (pool.status('stray').state === 'error' ? pool.status('stray') : undefined), 60_000);
    const seconds = Math.ceil((Date.now() - started) / 1000) + 1;
    expect(status.lastError).toMatchObject({ code: 'server_unavailable' });
    expect(status.lastError?.message).toContain('"stray" sent messages that are not JSON-RPC or answer no request (over 100 a second for 3 s in a row); it was stopped');
    const noise = lines.filter((line) => line.startsWith('[stray]') && line.includes(shown));
    expect(noise.length).toBeGreaterThan(0);
    // At most 100 a second until the stop (its windows need not start on our second), where 5,000 a second arrived.
    expect(noise.length).toBeLessThanOrEqual(Math.max(500, 100 * (seconds + 1)));
    expect(lines.some((line) => /\[stray\] dropped \d+ messages that are not JSON-RPC or answer no request/.test(line))).toBe(true);
    // Stopped means stopped: nothing more is shown after the stop.
    const after = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(lines.slice(after).filter((line) => line.includes(shown))).toEqual([]);
  }, 90_000);
});
