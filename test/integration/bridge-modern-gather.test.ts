import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { messageOf, modernToolCall } from '../support/modern-raw';
import { askUrlChecksFor } from '../support/ask-url-checks';

// Issue #30 item 4: the requests a 2025-era server sends during one call of a 2026-07-28 agent come
// to that agent in one input_required result (MCP 2026-07-28 basic/patterns/mrtr §InputRequests),
// although they reach the bridge over several reads (asking-server.ts `ask-three`, with the real
// pool and the app's own router, as in serve).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  // What is gathered is the point here, not how long a quiet ends a round: the server's three forms
  // leave 20 ms apart, and a loaded machine can hold one back past the default 250 ms.
  h = await startBridge({ asking: askingServer() }, { inputRoundGather: () => ({ quietMs: 2_000, maxMs: 10_000 }) }, { asks: { router } });
  await h.pool.start('asking');
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('one round for the requests a server sends during one call', () => {
  it('three forms sent a moment apart come in one input_required result, and one retry answers them all', async () => {
    const { token } = await h.bridge.agents.add('gathers', { servers: ['*'], policy: ALLOW_ALL });
    const call = { name: 'asking__ask-three', arguments: {} };
    const first = messageOf((await modernToolCall(h.bridge.port, token, 1, call)).body).result;
    expect(first?.['resultType']).toBe('input_required');
    const requests = first?.['inputRequests'] as Record<string, { method: string; params: { message: string } }>;
    expect(Object.values(requests).map((r) => `${r.method}: ${r.params.message}`).sort()).toEqual([
      'elicitation/create: the first question',
      'elicitation/create: the second question',
      'elicitation/create: the third question',
    ]);
    const inputResponses = Object.fromEntries(Object.entries(requests).map(([key, r]) => [key, { action: 'accept', content: { reply: r.params.message.split(' ')[1] } }]));
    const retry = messageOf((await modernToolCall(h.bridge.port, token, 2, { ...call, inputResponses, requestState: String(first?.['requestState']) })).body).result;
    expect(retry?.['resultType']).not.toBe('input_required');
    expect((retry?.['content'] as { text: string }[])[0]?.text).toBe('accept first; accept second; accept third');
  });
});
