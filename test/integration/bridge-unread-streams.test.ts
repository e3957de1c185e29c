import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectAllGarbage } from '../../electron/app/memory/collect-all-garbage';
import { MAX_LISTENS_PER_AGENT } from '../../electron/bridge/modern-handlers';
import { RESOURCE_UPDATE_GAP_MS } from '../../electron/bridge/update-pacer';
import { FLOODED_URI, MANY, manyUri } from '../fixtures/servers/update-flood-server';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { ROOT } from '../support/cli';
import { connectModernAgent } from '../support/modern-agent';
import { callBody, callHeaders, envelope, MODERN, modernCall } from '../support/modern-raw';
import { waitFor } from '../support/server-harness';
import { tsEntry } from '../support/ts-entry';

// A server sending updates without end, to agents whose listen streams (and a 2025-era session's GET
// stream) are open and never read: each update was queued once per stream in the core, for good
// (15,000 updates of a 2 KB URI grew it by 221 MB with four streams).
const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let h: BridgeHarness;
const open: ClientRequest[] = [];

beforeAll(async () => {
  h = await startBridge({ flood: { command: process.execPath, args: tsEntry('test/fixtures/servers/update-flood-server.ts'), cwd: ROOT } });
  await h.pool.start('flood');
}, 60_000);

afterAll(async () => {
  for (const req of open) req.destroy();
  await h?.close();
});

/** Bytes the core holds now, after a full collection: its heap and its buffers. */
async function heldBytes(): Promise<number> {
  await new Promise<void>((resolve) => (collectAllGarbage(resolve) ? undefined : resolve()));
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external + memory.arrayBuffers;
}

/** A listen stream the agent reads up to its acknowledgement, then never again. */
function unreadListen(port: number, token: string, id: number, notifications: Record<string, unknown> = { resourceSubscriptions: [FLOODED_URI] }): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false, headers: mcpHeaders(port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'subscriptions/listen' }) },
      (res) =>
        res.once('data', (chunk: Buffer) => {
          res.pause();
          if (chunk.toString('utf8').includes('acknowledged')) resolve();
          else reject(new Error(`not acknowledged: ${chunk.toString('utf8').slice(0, 300)}`));
        }),
    );
    req.on('error', () => undefined);
    req.end(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications, _meta: envelope() } }));
    open.push(req);
  });
}

/** One listen's first message (its acknowledgement, or its refusal), then the connection is closed. */
function firstListenMessage(port: number, token: string, id: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false, headers: mcpHeaders(port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'subscriptions/listen' }) },
      (res) =>
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString('utf8'));
          req.destroy();
        }),
    );
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: [FLOODED_URI] }, _meta: envelope() } }));
  });
}

/** A 2025-era session, initialized: the headers its requests carry. */
async function openSession(port: number, token: string): Promise<Record<string, string>> {
  const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  const headers = mcpHeaders(port, token, { 'Mcp-Session-Id': String(init.headers['mcp-session-id']), 'MCP-Protocol-Version': '2025-11-25' });
  await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return headers;
}

/** A 2025-era session subscribed to the resource, its GET stream open and never read. */
async function unreadGetStream(port: number, token: string): Promise<void> {
  const headers = await openSession(port, token);
  const subscribed = await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'resources/subscribe', params: { uri: FLOODED_URI } }) });
  expect(subscribed.body).toContain('"result"');
  await new Promise<void>((resolve) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', agent: false, headers: { ...headers, Accept: 'text/event-stream' } }, (res) => {
      res.pause();
      resolve();
    });
    req.on('error', () => undefined);
    req.end();
    open.push(req);
  });
}

/** How many progress calls the flood server saw cancelled, from its `settled` answer. */
function cancelledCalls(body: string): number {
  const count = /settled, (\d+) cancelled/.exec(body)?.[1];
  if (count === undefined) throw new Error(`no settled answer: ${body.slice(0, 300)}`);
  return Number(count);
}

/** A 2025-era session's call, a 2026-07-28 call on the bridge's lane, or one on the SDK's handler. */
type Era = 'legacy' | 'modern' | 'modern-handler';

/**
 * A tools/call with a progress token (a 2025-era session's, or a 2026-07-28 agent's), its SSE answer read up to its first event,
 * then left unread; `rest` reads the remainder to its end.
 */
async function unreadProgressCall(port: number, token: string, args: Record<string, number>, era: Era = 'legacy'): Promise<{ rest: () => Promise<string> }> {
  const name = 'flood__progress';
  // An encoded Mcp-Name (MCP 2026-07-28 basic/transports §Standard Request Headers) takes the SDK's createMcpHandler path, not the lane.
  const sdkPath = { 'Mcp-Name': `=?base64?${Buffer.from(name).toString('base64')}?=` };
  const headers = era === 'legacy' ? await openSession(port, token) : callHeaders(port, token, name, era === 'modern-handler' ? sdkPath : {});
  const body =
    era === 'legacy'
      ? JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args, _meta: { progressToken: 'p' } } })
      : callBody(3, name, args, { progressToken: 'p' });
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/mcp', agent: false, headers }, (res) => {
      if (!String(res.headers['content-type']).startsWith('text/event-stream')) return reject(new Error(`not a stream: ${res.statusCode}`));
      res.pause();
      const rest = (): Promise<string> =>
        new Promise((done, fail) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.once('end', () => done(Buffer.concat(chunks).toString('utf8')));
          res.once('error', fail);
          res.resume();
        });
      resolve({ rest });
    });
    req.on('error', reject);
    req.end(body);
    open.push(req);
  });
}

describe('streams an agent opens and never reads, under a flood of resource updates', () => {
  it('leave the core holding a bounded amount, not every update once per stream', async () => {
    const port = h.bridge.port;
    const { token } = await h.bridge.agents.add('unread', { servers: ['flood'], policy: ALLOW });
    const legacy = await h.bridge.agents.add('unread-legacy', { servers: ['flood'], policy: ALLOW });
    for (let id = 1; id <= 4; id++) await unreadListen(port, token, id);
    await unreadGetStream(port, legacy.token);
    const before = await heldBytes();
    for (let round = 0; round < 3; round++) {
      const flooded = await modernCall(port, token, 'flood__flood', { n: 5_000 });
      expect(flooded.body).toContain('sent 5000 x 1');
    }
    // Before: about 30 MB per stream (15,000 updates of 2 KB), 150 MB and more in all.
    expect((await heldBytes()) - before).toBeLessThan(40 * 1024 * 1024);
  }, 240_000);

  it('a reading agent still hears the update after a flood of them, without hearing each', async () => {
    // The flood before this one leaves its resource in a gap that merges the next updates with its
    // own; two gaps with none let it end, so this flood's first update goes at once. The second gap is
    // armed when the first ends, late on a loaded machine: a wide margin after both.
    await new Promise((settle) => setTimeout(settle, 3 * RESOURCE_UPDATE_GAP_MS + 2_000));
    const { token } = await h.bridge.agents.add('reader', { servers: ['flood'], policy: ALLOW });
    const a = await connectModernAgent(h.bridge.url, token);
    let heard = 0;
    a.client.setNotificationHandler('notifications/resources/updated', () => void heard++);
    const subscription = await a.client.listen({ resourceSubscriptions: [FLOODED_URI] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([FLOODED_URI]);
    const flooded = await modernCall(h.bridge.port, token, 'flood__flood', { n: 2_000 });
    expect(flooded.body).toContain('sent 2000 x');
    // The first at once, the last of the repeats when its gap ends: the last update always arrives.
    await waitFor('the update after the flood', () => heard >= 2, 30_000);
    expect(heard).toBeLessThan(100);
    await subscription.close();
    await a.close();
  }, 120_000);
});

describe.each(['legacy', 'modern', 'modern-handler'] as const)("a call's answer stream the agent never reads, under a flood of progress (%s era)", (era) => {
  it('leaves the core holding a bounded amount, and ends the answer with an error naming why', async () => {
    const port = h.bridge.port;
    const { token } = await h.bridge.agents.add(`unread-progress-${era}`, { servers: ['flood'], policy: ALLOW });
    const cancelledBefore = cancelledCalls((await modernCall(port, token, 'flood__settled')).body);
    const before = await heldBytes();
    // 1 MiB messages, each arriving after the bridge's progress pacing let the previous one pass: 60 and more reach the stream.
    const call = await unreadProgressCall(port, token, { n: 80, kib: 1024, gapMs: 120 }, era);
    const settled = await modernCall(port, token, 'flood__settled');
    // A 2026-07-28 call ends with its stream (closing the request cancels it), on the lane and the SDK's
    // path alike; a 2025-era call already at its server goes on (MCP 2025-11-25 basic/transports
    // §Streamable HTTP: disconnection is not cancellation).
    expect(cancelledCalls(settled.body)).toBe(cancelledBefore + (era === 'legacy' ? 0 : 1));
    // Before: every message the pacing passed waited for the agent, 60 MB and more.
    expect((await heldBytes()) - before).toBeLessThan(20 * 1024 * 1024);
    const body = await call.rest();
    const last = body.slice(body.lastIndexOf('event: message'));
    expect(last).toContain('"id":3');
    expect(last).toContain('"code":"rate_limited"');
    expect(last).toContain("the bridge ended this request's answer stream");
    expect(last).toContain('waited unread on it');
  }, 240_000);
});

describe('a listen stream the bridge ended while its agent reads none of its streams', () => {
  it('frees its place at once: the agent listens again while the old connection stays open', async () => {
    const port = h.bridge.port;
    const { token } = await h.bridge.agents.add('relisten', { servers: ['flood'], policy: ALLOW });
    // The agent's every place taken: streams that hear nothing of the flood, and one that follows all of it.
    for (let id = 1; id < MAX_LISTENS_PER_AGENT; id++) await unreadListen(port, token, id, { toolsListChanged: true });
    await unreadListen(port, token, MAX_LISTENS_PER_AGENT, { resourceSubscriptions: Array.from({ length: MANY }, (_, i) => manyUri(i)) });
    expect(await firstListenMessage(port, token, 100)).toContain('"code":"rate_limited"');
    // Updates until that stream passes the unread bound (past what the sockets' buffers take, about 4 MB)
    // and the bridge ends it; the agent still neither reads nor closes its connection.
    let again = '';
    for (let round = 0; round < 40 && !again.includes('acknowledged'); round++) {
      expect((await modernCall(port, token, 'flood__flood-many')).body).toContain(`sent ${MANY}`);
      again = await firstListenMessage(port, token, 101);
    }
    // Before: the ended stream kept its place until its connection closed, so every listen was refused.
    expect(again).toContain('acknowledged');
    expect(again).toContain(FLOODED_URI);
  }, 240_000);
});

/** A GET of the session's stream: its status; one opened is closed at once. */
function getStatus(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', agent: false, headers: { ...headers, Accept: 'text/event-stream' } }, (res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end();
  });
}

describe("a session's GET stream the bridge ended while its agent reads nothing", () => {
  it("frees the session's one GET place at once: a new GET opens while the old connection stays open", async () => {
    const port = h.bridge.port;
    const { token } = await h.bridge.agents.add('reget', { servers: ['flood'], policy: ALLOW });
    const headers = await openSession(port, token);
    for (let i = 0; i < MANY; i++) {
      const subscribed = await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 10 + i, method: 'resources/subscribe', params: { uri: manyUri(i) } }) });
      expect(subscribed.body).toContain('"result"');
    }
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', agent: false, headers: { ...headers, Accept: 'text/event-stream' } }, (res) => {
        res.pause();
        resolve();
      });
      req.on('error', () => undefined);
      req.end();
      open.push(req);
    });
    expect(await getStatus(port, headers)).toBe(409);
    // Updates until the unread stream passes the bound (past what the sockets' buffers take) and the
    // bridge ends it; the agent neither reads nor closes that connection.
    let status = 409;
    for (let round = 0; round < 40 && status === 409; round++) {
      expect((await modernCall(port, token, 'flood__flood-many')).body).toContain(`sent ${MANY}`);
      status = await getStatus(port, headers);
    }
    // Before: the ended stream held the session's GET place until its connection closed (409).
    expect(status).toBe(200);
  }, 240_000);
});
