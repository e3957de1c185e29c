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

describe('an HTTP server whose answer has a 60,000-byte Mcp-Session-Id', () => {
  it('is reported as answering with headers too large to read, not as unreachable', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('Mcp-Session-Id', 's'.repeat(60_000));
        res.setHeader('Content-Type', 'application/json');
        res.end('{}');
      });
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    const pool = createPool({ cacheDir: tempDir('header-overflow-'), log: () => undefined });
    pools.push(pool);
    await pool.apply({ mcpServers: { big: { type: 'http', url, startupTimeoutMs: 10_000 } } });
    const error = await rejection(pool.start('big'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('answered with headers too large to read (UND_ERR_HEADERS_OVERFLOW');
    expect(error.message).not.toContain('could not reach');
  });
});
