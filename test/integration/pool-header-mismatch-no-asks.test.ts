import { afterEach, describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../electron/pool/connection';
import { toolCall, errorContext } from '../../electron/pool/slot-calls';
import type { ServerConfig } from '../../shared/config';
import { startMismatchServer, type MismatchServer } from '../fixtures/servers/mismatch-server';

/**
 * A 2026-07-28 connection opened without asks (nothing routes a server's questions) still hands
 * callTool the tool's definition: the SDK client's own re-list after a header mismatch (-32020), a
 * walk of up to 64 pages of a message's bound each, never runs. A real SDK v2 server refuses the call.
 */
const conns: Connection[] = [];
const servers: MismatchServer[] = [];
afterEach(async () => {
  await Promise.all(conns.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('a header mismatch on a connection without asks', () => {
  it('is passed on as the server said it, with no listing taken by the SDK client', async () => {
    const server = await startMismatchServer();
    servers.push(server);
    const config: ServerConfig = { type: 'http', url: server.url, protocol: '2026-07-28' };
    const conn = await openConnection({
      server: 'remote',
      config,
      startupTimeoutMs: 10_000,
      signal: new AbortController().signal,
      env: {},
      now: () => Date.now(),
      maxMessageBytes: 1024 * 1024,
      stopGraceMs: 50,
      log: () => undefined,
      onClosed: () => undefined,
      onListChanged: () => undefined,
      onLog: () => undefined,
    });
    conns.push(conn);
    expect(conn.protocol).toBe('2026-07-28');
    server.declared = true;
    server.listing = 'endless';
    const run = toolCall('regional', { region: 'north' }, errorContext('remote', config, 'call', 10_000, conn), config);
    await expect(run(conn.client, { timeout: 10_000 }, conn)).rejects.toMatchObject({ code: -32020 });
    expect(server.served).toMatchObject({ lists: 0, calls: 1, listBytes: 0 });
  });
});
