import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { askUrlChecksFor } from '../support/ask-url-checks';

// Issue #30 item 4: the requests a 2025-era server sends during one call of a 2026-07-28 agent come
// to that agent in one input_required result (MCP 2026-07-28 basic/patterns/mrtr §InputRequests),
// although they reach the bridge over several reads (asking-server.ts `ask-three`, with the real
// pool and the app's own router, as in serve).
const MODERN = '2026-07-28';
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ asking: askingServer() }, {}, { asks: { router } });
  await h.pool.start('asking');
}, 60_000);

afterAll(async () => {
  await h.close();
});

function rawCall(token: string, id: number, params: Record<string, unknown>) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
  };
  const headers = mcpHeaders(h.bridge.port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': String(params['name']) });
  return rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { ...params, _meta } }) });
}

function resultOf(body: string): Record<string, unknown> | undefined {
  const data = body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).filter((line) => line !== '');
  return (JSON.parse(data.length > 0 ? (data.at(-1) ?? '') : body) as { result?: Record<string, unknown> }).result;
}

describe('one round for the requests a server sends during one call', () => {
  it('three forms sent a moment apart come in one input_required result, and one retry answers them all', async () => {
    const { token } = await h.bridge.agents.add('gathers', { servers: ['*'], policy: ALLOW_ALL });
    const call = { name: 'asking__ask-three', arguments: {} };
    const first = resultOf((await rawCall(token, 1, call)).body);
    expect(first?.['resultType']).toBe('input_required');
    const requests = first?.['inputRequests'] as Record<string, { method: string; params: { message: string } }>;
    expect(Object.values(requests).map((r) => `${r.method}: ${r.params.message}`).sort()).toEqual([
      'elicitation/create: the first question',
      'elicitation/create: the second question',
      'elicitation/create: the third question',
    ]);
    const inputResponses = Object.fromEntries(Object.entries(requests).map(([key, r]) => [key, { action: 'accept', content: { reply: r.params.message.split(' ')[1] } }]));
    const retry = resultOf((await rawCall(token, 2, { ...call, inputResponses, requestState: String(first?.['requestState']) })).body);
    expect(retry?.['resultType']).not.toBe('input_required');
    expect((retry?.['content'] as { text: string }[])[0]?.text).toBe('accept first; accept second; accept third');
  });
});
