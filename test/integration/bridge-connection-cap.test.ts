import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsPerAgent } from '../../electron/bridge/agent-share';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { holdSessionStream, type HeldStream } from '../support/bridge-streams';
import { droppedUnanswered, holdConnections, postedOn, releaseAll, statusLineOn, tricklingOn, whenClosed } from '../support/held-connections';
import { waitFor } from '../support/server-harness';

// A cap of 8 here (the factory's option), so each agent's share is 2 and its sessions 1; the bridge's own cap is
// MAX_LOOPBACK_CONNECTIONS (electron/net).
const CAP = 8;
let h: BridgeHarness;

beforeAll(async () => {
  h = await startBridge({}, { maxConnections: CAP });
});

afterAll(async () => {
  await h.close();
});

describe('the bridge keeps at most its cap of connections open', () => {
  it('at the cap, a new connection takes the place of the oldest silent one, and a newer silent one is still answered', async () => {
    const { port } = h.bridge;
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'] });
    const held = await holdConnections(port, CAP);
    const res = await rawRequest(port, { headers: mcpHeaders(port, token, { Connection: 'close' }), body: INITIALIZE });
    expect(res.status).toBe(200);
    await whenClosed(held[0]!);
    // 401: this GET carries no token, but it is answered.
    expect(await statusLineOn(held[CAP - 1]!, '/mcp', `127.0.0.1:${port}`)).toBe('HTTP/1.1 401 Unauthorized');
    await releaseAll(held);
  });

  it('with every connection serving a stream, drops a new one unanswered, and takes new ones once a stream closes', async () => {
    const { port } = h.bridge;
    // One stream per agent: at this cap an agent keeps a single session (half its share of 2).
    const tokens = await Promise.all(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'].map(async (name) => (await h.bridge.agents.add(name, { servers: ['*'] })).token));
    const streams = await waitFor('every connection a stream', async () => {
      const opened = [];
      for (const token of tokens) opened.push(await holdSessionStream(port, token));
      const held = opened.flatMap((s) => ('close' in s ? [s] : []));
      if (held.length === CAP) return held;
      await Promise.all(held.map((s) => s.close()));
      return undefined;
    });
    expect(await waitFor('the new connection dropped', async () => (await droppedUnanswered(port)) || undefined)).toBe(true);
    await streams[0]!.close();
    const res = await waitFor('a connection taken again', async () => {
      const answer = await rawRequest(port, { headers: mcpHeaders(port, tokens[0], { Connection: 'close' }), body: INITIALIZE });
      return answer.status === 200 ? answer : undefined;
    });
    expect(res.headers['mcp-session-id']).toBeTruthy();
    await Promise.all(streams.map((s) => s.close()));
  });
});

describe('the bridge and agents that trickle their request bodies', () => {
  it("at the cap, an agent's kept-alive connection outlasts other agents' connections whose bodies never finish arriving", async () => {
    const { port } = h.bridge;
    const host = `127.0.0.1:${port}`;
    const as = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' });
    const { token } = await h.bridge.agents.add('steady', { servers: ['*'] });
    const [steady] = await holdConnections(port, 1);
    expect(await postedOn(steady!, '/mcp', host, as(token), INITIALIZE)).toBe('HTTP/1.1 200 OK');
    // Each agent's share is CAP / 4 requests at once: four agents fill the rest of the cap.
    const tricklers = await Promise.all(['t1', 't2', 't3', 't4'].map(async (name) => (await h.bridge.agents.add(name, { servers: ['*'] })).token));
    const slow = await holdConnections(port, CAP - 1);
    for (const [i, socket] of slow.entries()) await tricklingOn(socket, '/mcp', host, as(tricklers[i % 4]!));
    const [fresh] = await holdConnections(port, 1);
    await Promise.race([whenClosed(slow[0]!), whenClosed(steady!)]);
    expect(steady!.closed).toBe(false);
    expect(await statusLineOn(fresh!, '/health', host)).toMatch(/^HTTP\/1\.1 /);
    expect(await postedOn(steady!, '/mcp', host, as(token), INITIALIZE)).toBe('HTTP/1.1 200 OK');
    await releaseAll([steady!, ...slow, fresh!]);
  });
});

function ping(session: string, token: string): Promise<number> {
  const headers = mcpHeaders(h.bridge.port, token, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18', Connection: 'close' });
  return rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) }).then((res) => res.status);
}

describe("an agent's sessions and its share of the cap", () => {
  it('keeps half the share as sessions, so that with each one holding its GET stream a call still goes through', async () => {
    expect([sessionsPerAgent(1024), sessionsPerAgent(1024, 1000), sessionsPerAgent(1024, 8), sessionsPerAgent(CAP)]).toEqual([128, 128, 8, 1]);
    const { token } = await h.bridge.agents.add('busy', { servers: ['*'] });
    const held: HeldStream[] = [];
    // As many sessions as the share, each holding its stream: with a session per share slot none could be used.
    for (let i = 0; i < CAP / 4; i++) held.push(await holdSessionStream(h.bridge.port, token));
    const opened = held.flatMap((s) => ('session' in s ? [s] : []));
    expect(opened).toHaveLength(CAP / 4);
    const newest = opened.at(-1)!;
    // The oldest was closed as the newer one came (its stream ends, giving its share back).
    expect(await waitFor('the newest session answering', async () => ((await ping(newest.session, token)) === 200 ? true : undefined))).toBe(true);
    expect(await ping(opened[0]!.session, token)).toBe(404);
    await Promise.all(opened.map((s) => s.close()));
  });
});
