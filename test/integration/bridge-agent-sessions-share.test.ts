import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsPerAgent } from '../../electron/bridge/agent-share';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { holdSessionStream, type HeldStream } from '../support/bridge-streams';
import { waitFor } from '../support/server-harness';

// A cap of 16 (the factory's option): each agent's share is 4 requests and streams, its sessions 2.
const CAP = 16;
let h: BridgeHarness;

beforeAll(async () => {
  h = await startBridge({}, { maxConnections: CAP });
});

afterAll(async () => {
  await h.close();
});

function ping(session: string, token: string): Promise<number> {
  const headers = mcpHeaders(h.bridge.port, token, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18', Connection: 'close' });
  return rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }) }).then((res) => res.status);
}

describe("an agent's sessions and its share of the connection cap", () => {
  it('keeps half the share as sessions, so that with each one holding its GET stream a call still goes through', async () => {
    expect(sessionsPerAgent(1024)).toBe(128);
    expect(sessionsPerAgent(1024, 1000)).toBe(128);
    expect(sessionsPerAgent(1024, 8)).toBe(8);
    expect(sessionsPerAgent(CAP)).toBe(2);
    const { token } = await h.bridge.agents.add('busy', { servers: ['*'] });
    const held: HeldStream[] = [];
    // As many sessions as the share, each holding its stream: with a session per share slot none could be used.
    for (let i = 0; i < CAP / 4; i++) held.push(await holdSessionStream(h.bridge.port, token));
    const opened = held.flatMap((s) => ('session' in s ? [s] : []));
    expect(opened).toHaveLength(CAP / 4);
    const newest = opened.at(-1)!;
    // The oldest were closed as the newer ones came (their streams end, giving their share back).
    expect(await waitFor('the newest session answering', async () => ((await ping(newest.session, token)) === 200 ? true : undefined))).toBe(true);
    expect(await ping(opened[0]!.session, token)).toBe(404);
    await Promise.all(opened.map((s) => s.close()));
  });
});
