import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { afterAll, expect, it, vi } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { serveHandler } from '../fixtures/servers/serve-handler';
import { tempDir } from '../support/server-harness';

// A start holds its connection before its first listing; a person's connect in that window (serve's
// warm-up start still listing) must answer only once the server is ready, not while it is "starting".
let pool: Pool | undefined;
let http: { url: string; close(): Promise<void> } | undefined;

afterAll(async () => {
  await pool?.close();
  await http?.close();
});

it('a start asked while the first start is listing answers ready, through one connection', async () => {
  let listings = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const server = (): Server => {
    const s = new Server({ name: 'slow-listing', version: '1' }, { capabilities: { tools: {} } });
    s.setRequestHandler('tools/list', async () => {
      // Only the start's own listing waits; any later listing answers at once.
      if (++listings === 1) await held;
      return { tools: [{ name: 'echo', description: 'says ok', inputSchema: { type: 'object' as const } }] };
    });
    return s;
  };
  http = await serveHandler(createMcpHandler(server));
  pool = createPool({ cacheDir: tempDir('pool-start-joined-'), log: () => undefined });
  await pool.apply({ mcpServers: { slow: { type: 'http', url: http.url } } });

  const first = pool.start('slow');
  await vi.waitFor(() => expect(listings).toBe(1), { timeout: 30_000 });
  const second = pool.start('slow');
  release();
  expect((await second).state).toBe('ready');
  expect((await first).state).toBe('ready');
  expect((await pool.tools('slow')).map((t) => t.name)).toEqual(['echo']);
}, 60_000);
