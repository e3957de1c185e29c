import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LINES_PER_WINDOW, MAX_AGENT_TEXT } from '../../electron/bridge/agent-log';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { openPost, rawSession } from '../support/legacy-raw';
import { messageOf } from '../support/modern-raw';

// A 2025-era session's protocol errors (what the SDK's Protocol reports through `onerror`, as a
// response naming no request of ours) went nowhere: the 2026-07-28 path logged its own, this one none.

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
const lines: string[] = [];

beforeAll(async () => {
  h = await startBridge({ fault: faultServer() }, { log: (line) => lines.push(line) });
  await h.pool.start('fault');
  h.bridge.refresh();
});

afterAll(async () => {
  await h.close();
});

async function session(agent: string): Promise<Record<string, string>> {
  const { token } = await h.bridge.agents.add(agent, { servers: ['*'], policy: ALLOW_ALL });
  return rawSession(h.bridge.port, token);
}

const linesOf = (agent: string): string[] => lines.filter((line) => line.includes(`agent "${agent}"`));

/** A response to a request the bridge never sent (JSON-RPC 2.0 §5: a response answers a request). */
function stray(id: number, text = 'stray'): unknown {
  return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text }] } };
}

describe("a 2025-era session's protocol errors in the log", () => {
  it("log a response to no request with the agent's name, on one bounded line", async () => {
    const headers = await session('stray');
    const posted = await rawRequest(h.bridge.port, { headers, body: JSON.stringify(stray(4242, `a\n[memory] stderr: FORGED${'x'.repeat(100_000)}`)) });
    expect(posted.status).toBe(202);
    const [line] = await waitFor('the line about the stray response', () => linesOf('stray').length > 0 && linesOf('stray'));
    expect(line).toContain('agent "stray" (2025-era session): Received a response for an unknown message ID');
    expect(line).toContain('4242');
    expect(line?.includes('\n')).toBe(false);
    expect(line?.length).toBeLessThan(MAX_AGENT_TEXT + 200);
  });

  it('write at most a window of lines a minute for a flood of them', async () => {
    const headers = await session('flood');
    const batch = Array.from({ length: 3 * AGENT_LINES_PER_WINDOW }, (_, i) => stray(10_000 + i));
    // Answered once every message of the batch was handed on (the transport hands them on as it accepts them).
    expect((await rawRequest(h.bridge.port, { headers, body: JSON.stringify(batch) })).status).toBe(202);
    await waitFor('the lines about the flood', () => linesOf('flood').length > 0);
    expect(linesOf('flood')).toHaveLength(AGENT_LINES_PER_WINDOW);
  });

  it("log nothing when a session closes, even with a call in flight, nor for an SDK client's whole session", async () => {
    const headers = await session('closer');
    // Fixed request ids, one per request: every run sends the same messages.
    let nextId = 900;
    const seen = async (): Promise<{ started: number }> => {
      const answer = await rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name: 'fault__seen', arguments: {} } }) });
      return JSON.parse(firstText(messageOf(answer.body).result)) as { started: number };
    };
    const before = (await seen()).started;
    openPost(h.bridge.port, headers, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 60_000 } } });
    await expect.poll(async () => (await seen()).started, { timeout: 10_000 }).toBe(before + 1);
    expect((await rawRequest(h.bridge.port, { method: 'DELETE', headers, body: '' })).status).toBe(200);
    const ended = await waitFor('the call to end', async () => (await h.bridge.audit.read({ agent: 'closer' })).find((e) => e.tool === 'slow'), 15_000);
    expect(ended.outcome).toBe('cancelled');

    const { token } = await h.bridge.agents.add('sdk', { servers: ['*'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token);
    await agent.client.callTool({ name: 'fault__seen', arguments: {} });
    await agent.close();
    // A line known to come after both closes: one either of them wrote late would be in the log by then.
    const marker = await session('marker');
    expect((await rawRequest(h.bridge.port, { headers: marker, body: JSON.stringify(stray(4343)) })).status).toBe(202);
    await waitFor('the line after the closes', () => linesOf('marker').length > 0);
    expect(linesOf('closer')).toEqual([]);
    expect(linesOf('sdk')).toEqual([]);
  }, 30_000);
});
