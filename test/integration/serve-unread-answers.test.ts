import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PIPELINED } from '../../electron/net';
import { INITIALIZE, mcpHeaders, rawRequest } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { holdConnections, releaseAll, whenClosed } from '../support/held-connections';
import { startServe, type Served } from '../support/serve';

// What a local process without a token did to `serve`: requests whose answers it never reads,
// pipelined on one connection or one per connection, for the UI's largest file and the bridge's 401.
const ASSETS = join(import.meta.dirname, '../../dist/renderer/assets');
const MAP = readdirSync(ASSETS).find((name) => name.endsWith('.js.map')) ?? '';
const MAP_BYTES = statSync(join(ASSETS, MAP)).size;
let served: Served;

beforeAll(async () => {
  served = await startServe(tempHome('cs-serve-unread-'));
}, 60_000);

afterAll(async () => {
  await served.stop();
});

/** Sends `count` pipelined GETs of `path` on a connection whose client reads nothing. */
function pipelineUnread(socket: Socket, port: number, path: string, count: number, headers = ''): void {
  socket.pause();
  socket.on('error', () => undefined);
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}\r\n`.repeat(count));
}

/** Reads the connection from now on and counts the answers' status lines until the server closes it. */
function answersUntilClosed(socket: Socket): Promise<number> {
  let count = 0;
  let tail = '';
  socket.on('data', (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    count += text.split('HTTP/1.1 ').length - 1;
    tail = text.slice(-8);
  });
  socket.resume();
  return new Promise((resolve) => socket.once('close', () => resolve(count)));
}

/** Resident memory of a process in bytes (Linux's /proc). */
function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
}

describe('serve: answers a client never reads', () => {
  it(`closes a connection that pipelines more than ${MAX_PIPELINED} requests, on the UI and on the bridge, and both go on serving`, async () => {
    const uiPort = Number(new URL(served.origin).port);
    const bridgePort = Number(new URL(served.bridge ?? '').port);
    const [ui] = await holdConnections(uiPort, 1);
    pipelineUnread(ui!, uiPort, `/assets/${MAP}`, 100);
    const bridge = await holdConnections(bridgePort, 8);
    for (const socket of bridge) pipelineUnread(socket, bridgePort, '/mcp', 200);
    // Closed once the 9th arrives: at most the first ones are answered, not the hundreds asked.
    for (const answered of await Promise.all([ui!, ...bridge].map(answersUntilClosed))) expect(answered).toBeLessThanOrEqual(MAX_PIPELINED);

    const { token } = (await served.api('addAgent', { name: 'honest', servers: '*' })).body.result as { token: string };
    expect((await rawRequest(bridgePort, { headers: mcpHeaders(bridgePort, token, { Connection: 'close' }), body: INITIALIZE })).status).toBe(200);
    expect((await served.api('status', {})).status).toBe(200);
  }, 60_000);

  it("holds the UI's source map once for many connections that ask for it and never read", async () => {
    const uiPort = Number(new URL(served.origin).port);
    const [warm] = await holdConnections(uiPort, 1);
    pipelineUnread(warm!, uiPort, `/assets/${MAP}`, 1, 'Connection: close\r\n');
    warm!.resume();
    await whenClosed(warm!);
    const before = residentBytes(served.pid);
    const unread = await holdConnections(uiPort, 40);
    // Each takes its answer's first bytes, so serve has begun all 40 answers, then stops reading.
    await Promise.all(
      unread.map((socket) => {
        const first = new Promise((resolve) => socket.once('data', resolve)).then(() => socket.pause());
        socket.on('error', () => undefined);
        socket.write(`GET /assets/${MAP} HTTP/1.1\r\nHost: 127.0.0.1:${uiPort}\r\n\r\n`);
        return first;
      }),
    );
    // A copy per answer would be 40 source maps; one shared file is a fraction of one. The bound is
    // far from both, so neither load nor garbage collection decides it.
    expect(residentBytes(served.pid) - before).toBeLessThan(10 * MAP_BYTES);
    expect((await served.api('status', {})).status).toBe(200);
    await releaseAll(unread);
  }, 60_000);
});
