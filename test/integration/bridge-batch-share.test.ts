import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultServer } from '../fixtures/servers/config';
import { connectAgent, firstText, INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness, type RawResponse } from '../support/bridge-harness';
import { waitFor } from '../support/server-harness';

// One agent sends JSON-RPC batches of slow calls: each call counts against its share, so no more
// than the share reach the service at once, and a batch past it is refused call by call.
const CAP = 40;
const SHARE = CAP / 4;
const BATCH = 8;
const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let h: BridgeHarness;

beforeAll(async () => {
  h = await startBridge({ fault: faultServer() }, { maxConnections: CAP });
}, 60_000);

afterAll(async () => {
  await h.close();
});

/** A 2025-11-25 session of the agent by raw HTTP: its headers for later POSTs. */
async function session(port: number, token: string): Promise<Record<string, string>> {
  const opened = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  const id = String(opened.headers['mcp-session-id']);
  const headers = mcpHeaders(port, token, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
  await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return headers;
}

function slowBatch(first: number): string {
  return JSON.stringify(Array.from({ length: BATCH }, (_, i) => ({ jsonrpc: '2.0', id: first + i, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 60_000 } } })));
}

describe("a batch's calls count against its agent's share", () => {
  it(`lets at most ${SHARE} calls of one agent reach the service at once, refusing each call of a batch past it`, async () => {
    const { port } = h.bridge;
    const { token } = await h.bridge.agents.add('batcher', { servers: ['*'], policy: ALLOW });
    const watcher = await connectAgent(h.bridge.url, (await h.bridge.agents.add('watcher', { servers: ['*'], policy: ALLOW })).token);
    const started = async (): Promise<number> => (JSON.parse(firstText(await watcher.client.callTool({ name: 'fault__seen', arguments: {} }))) as { started: number }).started;
    const headers = await session(port, token);

    const first = rawRequest(port, { headers, body: slowBatch(100) });
    await waitFor('the first batch at the service', async () => (await started()) === BATCH);
    let second: RawResponse | undefined;
    void rawRequest(port, { headers, body: slowBatch(200) }).then((r) => (second = r));
    // Refused at once, or (without the bound) its calls reach the service too.
    const outcome = await waitFor('the second batch answered or served', async () => (second ? 'answered' : (await started()) > BATCH ? 'served' : undefined), 30_000);
    expect(outcome).toBe('answered');
    expect(second?.status).toBe(429);
    const errors = JSON.parse(second?.body ?? '[]') as Array<{ id: number; error: { code: number; data: { code: string; hint: string } } }>;
    expect(errors.map((e) => e.id)).toEqual(Array.from({ length: BATCH }, (_, i) => 200 + i));
    for (const { error } of errors) {
      expect(error.code).toBe(-32012);
      expect(error.data.code).toBe('rate_limited');
      expect(error.data.hint).toContain('Send fewer requests in one batch');
    }
    expect(await started()).toBe(BATCH);
    // A batch that fits the rest of the share is served.
    const small = await rawRequest(port, {
      headers,
      body: JSON.stringify([1, 2].map((id) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 0 } } }))),
    });
    expect(small.status).toBe(200);
    expect(small.body).toContain('slept 0');
    await watcher.close();
    void first.catch(() => undefined);
  }, 60_000);
});
