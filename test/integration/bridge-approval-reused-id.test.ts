import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecidedApproval, PendingApproval } from '../../electron/bridge';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { openPost, rawSession } from '../support/legacy-raw';
import { messageOf } from '../support/modern-raw';

// A 2025-11-25 agent (a POST per request) that sends a request with the id of one still waiting for
// the person: ids are unique within a session (MCP 2025-11-25 basic §Requests), so the newer one is
// refused and the first keeps its POST, where the person's answer then arrives.

const ASK_ALL = { read: 'ask', write: 'ask', destructive: 'ask' } as const;

let h: BridgeHarness;
const pending: PendingApproval[] = [];
const decided: DecidedApproval[] = [];

beforeAll(async () => {
  h = await startBridge({ fault: faultServer() });
  await h.pool.start('fault');
  h.bridge.approvals.on('pending', (p) => pending.push(p));
  h.bridge.approvals.on('decided', (d) => decided.push(d));
});

afterAll(async () => {
  await h.close();
});

describe('a request reusing the id of one waiting for the person', () => {
  it('is refused with a JSON-RPC error, and the first still waits and is answered on its own POST', async () => {
    const { token } = await h.bridge.agents.add('reuser', { servers: ['*'], policy: ASK_ALL });
    const headers = await rawSession(h.bridge.port, token);
    const first = openPost(h.bridge.port, headers, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 1 } } });
    const waiting = await waitFor('the call to wait for the person', () => pending.find((p) => p.agent === 'reuser'));

    for (const again of [
      { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 2 } } },
      { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} },
    ]) {
      const refused = await rawRequest(h.bridge.port, { headers, body: JSON.stringify(again) });
      expect(refused.status).toBe(200);
      expect(messageOf(refused.body)).toMatchObject({ id: 7, error: { code: -32600, message: expect.stringContaining('request id 7 is already used') as unknown, data: { code: 'invalid_input' } } });
    }
    // The refused call never reached the person, and the first is still theirs to decide.
    expect(h.bridge.approvals.list().map((p) => p.id)).toEqual([waiting.id]);
    expect(decided.some((d) => d.id === waiting.id)).toBe(false);

    await h.bridge.approvals.allow(waiting.id);
    const answered = await first.answer;
    expect(answered.status).toBe(200);
    expect(messageOf(answered.body)).toMatchObject({ id: 7, result: { content: [{ type: 'text' }] } });
    expect(messageOf(answered.body).result?.isError).toBeUndefined();

    // Answered, the id is free again.
    const reused = await rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }) });
    expect(messageOf(reused.body).result).toHaveProperty('tools');
  });
});

describe('a batch whose requests share an id', () => {
  it('is refused whole, and neither request reaches the person', async () => {
    const { token } = await h.bridge.agents.add('batcher', { servers: ['*'], policy: ASK_ALL });
    const headers = await rawSession(h.bridge.port, token);
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 1 } } },
      { jsonrpc: '2.0', id: 1, method: 'ping' },
    ];
    const refused = await rawRequest(h.bridge.port, { headers, body: JSON.stringify(batch) });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ id: null, error: { code: -32600, message: expect.stringContaining('distinct ids') as unknown } });
    expect(h.bridge.approvals.list().filter((p) => p.agent === 'batcher')).toEqual([]);
  });
});
