import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOOPBACK_CONNECTIONS } from '../../electron/net';
import { INITIALIZE, mcpHeaders } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { holdConnections, releaseAll, statusLineOn } from '../support/held-connections';
import { startServe, type Served } from '../support/serve';

// A local process without a token churns connections at the bridge's real cap, each asking once (and
// refused) then left idle: they give way to each other, not to an agent's kept-alive connection.
const PAST_CAP = 80;

/**
 * Node closes a kept-alive connection after 5 s idle; loaded, the flood may take longer. Served with
 * that window off (a preload in the real `serve`), only the guard can close the agent's connection.
 */
function keepAliveForever(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'cs-keepalive-')), 'keep-alive.mjs');
  writeFileSync(file, "import http from 'node:http';\nconst listen = http.Server.prototype.listen;\nhttp.Server.prototype.listen = function (...args) { this.keepAliveTimeout = 0; return listen.apply(this, args); };\n");
  return file;
}

/** One request on the agent's kept-alive connection: its status and whether it reused the connection. */
function agentRequest(pool: Agent, port: number, token: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', headers: mcpHeaders(port, token), agent: pool }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
    });
    req.once('error', reject);
    req.end(INITIALIZE);
  });
}

let served: Served;
let port: number;
let token: string;

beforeAll(async () => {
  served = await startServe(tempHome('cs-churn-'), [], { NODE_OPTIONS: `--import ${keepAliveForever()}` });
  port = Number(new URL(served.bridge ?? '').port);
  const added = await served.api('addAgent', { name: 'kept', servers: [] });
  token = (added.body.result as { token: string }).token;
}, 60_000);

afterAll(async () => {
  await served.stop();
});

describe("connections without a token churning at the cap", () => {
  it(`leave an agent's idle kept-alive connection open through ${MAX_LOOPBACK_CONNECTIONS - 1 + PAST_CAP} refused ones`, async () => {
    const host = `127.0.0.1:${port}`;
    const pool = new Agent({ keepAlive: true, maxSockets: 1 });
    // The cap all but full, then the agent's connection: it carries an agent's request and goes idle.
    const flood = await holdConnections(port, MAX_LOOPBACK_CONNECTIONS - 1);
    let closed = 0;
    const onClose = (): void => void (closed += 1);
    try {
      expect(await agentRequest(pool, port, token)).toEqual({ status: 200, reused: false });
      // Each flood connection asks without a token (refused) and stays idle, newer than the agent's.
      const refused = await Promise.all(flood.map((socket) => statusLineOn(socket, '/mcp', host)));
      expect(new Set(refused.map((line) => line.slice(0, 10)))).toEqual(new Set(['HTTP/1.1 4']));
      for (const socket of flood) socket.once('close', onClose);
      // Past the cap, each new one closes another: the agent's, idle longest, would be first.
      for (let i = 0; i < PAST_CAP; i += 1) {
        const [next] = await holdConnections(port, 1);
        next!.once('close', onClose);
        flood.push(next!);
        expect((await statusLineOn(next!, '/mcp', host)).slice(0, 10)).toBe('HTTP/1.1 4');
      }
      expect(await agentRequest(pool, port, token)).toEqual({ status: 200, reused: true });
      // The refused ones gave way instead (each close is seen once it reaches this side).
      await new Promise<void>((resolve) => {
        const check = (): void => void (closed >= PAST_CAP && resolve());
        for (const socket of flood) socket.once('close', check);
        check();
      });
    } finally {
      pool.destroy();
      await releaseAll(flood);
    }
  }, 120_000);
});
