import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness, type RawResponse } from '../support/bridge-harness';
import { messageOf, modernCall } from '../support/modern-raw';

// docs/bridge.md §Speed of the two eras: a 2026-07-28 call on the lane should cost the bridge no more
// than a call in a 2025-era session (the bench's cpu-2026 row). Counted as work, not timed: the
// promises made in this process while one call is answered (bridge and pool; the client's own are the
// same for both, the same raw request), the same tool, one call at a time. Each promise is an
// allocation and a turn of the microtask queue.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
/** What the lane may make beyond a session call: the era's own round (its held call's wait and outcome). */
const LANE_EXTRA_PROMISES = 3;
const WARM_UP = 20;
const COUNTED = 15;

let h: BridgeHarness;
let token: string;
let session: string;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  token = (await h.bridge.agents.add('work', { servers: ['*'], policy: ALLOW_ALL })).token;
  const opened = await rawRequest(h.bridge.port, { headers: mcpHeaders(h.bridge.port, token), body: INITIALIZE });
  session = String(opened.headers['mcp-session-id']);
  await rawRequest(h.bridge.port, { headers: sessionHeaders(), body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
}, 60_000);

afterAll(async () => {
  await h?.close();
});

function sessionHeaders(): Record<string, string> {
  return mcpHeaders(h.bridge.port, token, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18' });
}

function sessionCall(i: number): Promise<RawResponse> {
  return rawRequest(h.bridge.port, { headers: sessionHeaders(), body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: `m${i}` } } }) });
}

function laneCall(i: number): Promise<RawResponse> {
  return modernCall(h.bridge.port, token, 'everything__echo', { message: `m${i}` }, { id: i });
}

/** The median count of promises made in this process while one call is made and answered. */
async function promisesPerCall(call: (i: number) => Promise<RawResponse>): Promise<number> {
  for (let i = 0; i < WARM_UP; i++) await call(i);
  const counts: number[] = [];
  for (let i = 0; i < COUNTED; i++) {
    let made = 0;
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && made++) });
    hook.enable();
    let answer: RawResponse;
    try {
      answer = await call(WARM_UP + i);
    } finally {
      hook.disable();
    }
    expect(messageOf(answer.body).result?.['content']).toEqual([{ type: 'text', text: `Echo: m${WARM_UP + i}` }]);
    counts.push(made);
  }
  counts.sort((a, b) => a - b);
  return counts[Math.floor(counts.length / 2)] ?? Number.NaN;
}

describe('a 2026-07-28 call on the lane', () => {
  it('makes about the promises of a call in a 2025-era session, not an async frame per layer', async () => {
    const sessionMade = await promisesPerCall(sessionCall);
    const laneMade = await promisesPerCall(laneCall);
    expect(laneMade, `lane ${laneMade}, session ${sessionMade} promises per call`).toBeLessThanOrEqual(sessionMade + LANE_EXTRA_PROMISES);
  });
});
