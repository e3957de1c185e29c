import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('an HTTP server that sends plain JSON labelled text/event-stream', () => {
  it('fails its start at once, naming the server, instead of waiting out the start-up timeout', async () => {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { id } = JSON.parse(body || '{}') as { id?: number };
        // The answer itself is right; only its Content-Type says it is an event stream.
        res.setHeader('Content-Type', 'text/event-stream');
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: { protocolVersion: '2025-06-18', capabilities: {}, serverInfo: { name: 'mislabelled', version: '1' } } }));
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const pool = createPool({ cacheDir: tempDir('not-sse-'), log: () => undefined });
    pools.push(pool);
    const startupTimeoutMs = 60_000;
    await pool.apply({ mcpServers: { mislabelled: { type: 'http', url, startupTimeoutMs } } });
    const began = Date.now();
    const error = await rejection(pool.start('mislabelled'));
    expect(Date.now() - began).toBeLessThan(startupTimeoutMs / 2);
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('"mislabelled" answered with a body labelled text/event-stream that is not an event stream');
    expect(error.hint).toContain('wrong Content-Type');
  }, 90_000);
});
