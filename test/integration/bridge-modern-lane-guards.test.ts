import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../electron/bridge';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness, type RawResponse } from '../support/bridge-harness';
import { callBody, callHeaders, envelope, messageOf, modernCall, MODERN } from '../support/modern-raw';

// docs/bridge.md §Speed of the two eras: a 2026-07-28 agent's first-round tools/call takes the
// bridge's own lane (electron/bridge/modern-lane.ts). Every guard of the bridge holds on it as on
// every other path: Host and Origin, the token, the one gate (pause, policy), approvals and their
// rate, the audit, cancellation and the agent's removal; for a listing and a call streaming its
// progress too. Each call below is counted on the lane.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const ASK_ALL = { read: 'ask', write: 'ask', destructive: 'ask' } as const;

let h: BridgeHarness;
let served = 0;
const pending: PendingApproval[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer(), fault: faultServer() }, { laneServed: () => void served++ });
  await Promise.all([h.pool.start('everything'), h.pool.start('fault')]);
  h.bridge.approvals.on('pending', (p) => pending.push(p));
}, 60_000);

afterAll(async () => {
  await h.close();
});

async function token(name: string, policy: typeof ALLOW_ALL | typeof ASK_ALL = ALLOW_ALL): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy })).token;
}

/** A call, and whether the lane served it. */
async function counted(call: Promise<RawResponse>): Promise<{ response: RawResponse; onLane: boolean }> {
  const before = served;
  const response = await call;
  return { response, onLane: served > before };
}

const textOf = (response: RawResponse): string => JSON.stringify(messageOf(response.body).result?.['content'] ?? messageOf(response.body).error);

describe('the guards hold on the 2026-07-28 lane', () => {
  it('Host, Origin and the token are checked before the lane; the bridge naming itself is no foreign origin', async () => {
    const tokenOf = await token('guarded');
    const echo = (headers: Record<string, string>, tok: string | null = tokenOf): Promise<RawResponse> =>
      rawRequest(h.bridge.port, { headers: { ...callHeaders(h.bridge.port, tok ?? undefined, 'everything__echo'), ...headers }, body: callBody(1, 'everything__echo', { message: 'x' }) });
    const refused = [
      await counted(echo({ Host: 'evil.example:80' })),
      await counted(echo({ Origin: 'https://evil.example' })),
      await counted(echo({}, null)),
      await counted(echo({}, 'cs_not-a-real-token-000000000000000000000')),
    ];
    expect(refused.map((r) => [r.response.status, r.onLane])).toEqual([
      [403, false],
      [403, false],
      [401, false],
      [401, false],
    ]);
    const own = await counted(echo({ Origin: `http://127.0.0.1:${h.bridge.port}` }));
    expect([own.response.status, own.onLane, textOf(own.response)]).toEqual([200, true, JSON.stringify([{ type: 'text', text: 'Echo: x' }])]);
    await h.bridge.agents.remove('guarded');
    expect((await counted(echo({}))).response.status).toBe(401);
  });

  it('the one gate: a paused bridge refuses the call on the lane, and the audit says so', async () => {
    const tokenOf = await token('paused-lane');
    h.bridge.pause();
    const refused = await counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'x' }));
    h.bridge.resume();
    expect(refused.onLane).toBe(true);
    expect(messageOf(refused.response.body).result).toMatchObject({ isError: true, _meta: { 'connected-services/error': { code: 'denied' } } });
    const allowed = await counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'after' }));
    expect([allowed.onLane, textOf(allowed.response)]).toEqual([true, JSON.stringify([{ type: 'text', text: 'Echo: after' }])]);
    await h.bridge.audit.flush();
    const outcomes = (await h.bridge.audit.read({ agent: 'paused-lane' })).map((e) => `${e.kind} ${e.outcome}`);
    expect(outcomes.sort()).toEqual(['tool denied', 'tool ok']);
  });

  it('approvals: the call waits for the person on the lane; allowed it answers, denied it is refused', async () => {
    const tokenOf = await token('asks-lane', ASK_ALL);
    const before = pending.length;
    const first = counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'wait' }, { id: 1 }));
    await expect.poll(() => pending.length - before, { timeout: 10_000 }).toBe(1);
    await h.bridge.approvals.allow(pending[before]?.id ?? '');
    const second = counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'no' }, { id: 2 }));
    await expect.poll(() => pending.length - before, { timeout: 10_000 }).toBe(2);
    h.bridge.approvals.deny(pending[before + 1]?.id ?? '');
    const [allowed, denied] = await Promise.all([first, second]);
    expect([allowed.onLane, denied.onLane]).toEqual([true, true]);
    expect(textOf(allowed.response)).toBe(JSON.stringify([{ type: 'text', text: 'Echo: wait' }]));
    expect(messageOf(denied.response.body).result).toMatchObject({ isError: true });
  });

  it('the rate of waiting calls: past 16 of one agent, the next is refused rate_limited on the lane', async () => {
    const tokenOf = await token('flood-lane', ASK_ALL);
    const before = pending.length;
    const waiting = Array.from({ length: 16 }, (_, i) => counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: `w${i}` }, { id: i + 1 })));
    await expect.poll(() => pending.length - before, { timeout: 20_000 }).toBe(16);
    const refused = await counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'one too many' }, { id: 99 }));
    expect(refused.onLane).toBe(true);
    expect(messageOf(refused.response.body).result).toMatchObject({ isError: true, _meta: { 'connected-services/error': { code: 'rate_limited' } } });
    for (const p of pending.slice(before)) h.bridge.approvals.deny(p.id);
    const answered = await Promise.all(waiting);
    expect(answered.every((a) => a.onLane && a.response.status === 200)).toBe(true);
  });

  it("the agent closing its request cancels the server's call", async () => {
    const tokenOf = await token('cancels-lane');
    const seen = async (): Promise<{ started: number; cancelled: number }> => {
      const response = await modernCall(h.bridge.port, tokenOf, 'fault__seen');
      const content = messageOf(response.body).result?.['content'] as Array<{ text: string }> | undefined;
      return JSON.parse(content?.[0]?.text ?? '{}') as { started: number; cancelled: number };
    };
    const start = await seen();
    const before = served;
    const req = request({ host: '127.0.0.1', port: h.bridge.port, method: 'POST', path: '/mcp', headers: callHeaders(h.bridge.port, tokenOf, 'fault__slow'), agent: false });
    req.on('error', () => undefined);
    req.end(callBody(1, 'fault__slow', { ms: 20_000 }));
    await expect.poll(async () => (await seen()).started, { timeout: 10_000 }).toBe(start.started + 1);
    req.destroy();
    await expect.poll(async () => (await seen()).cancelled, { timeout: 10_000 }).toBe(start.cancelled + 1);
    // The seen calls and the cancelled one, all on the lane.
    await expect.poll(() => served - before, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  });

  it("the agent's removal ends its call waiting on the lane, answered as the SDK's path answers a closed exchange", async () => {
    const tokenOf = await token('removed-lane', ASK_ALL);
    const before = pending.length;
    const call = counted(modernCall(h.bridge.port, tokenOf, 'everything__echo', { message: 'gone' }));
    await expect.poll(() => pending.length - before, { timeout: 10_000 }).toBe(1);
    await h.bridge.agents.remove('removed-lane');
    const { response, onLane } = await call;
    expect([response.status, response.body, onLane]).toEqual([499, '', true]);
  });

  it('a listing: Host, Origin and the token are checked before the lane, and the lane answers it', async () => {
    const tokenOf = await token('lists-lane');
    const list = (headers: Record<string, string>, tok: string | undefined = tokenOf): Promise<{ response: RawResponse; onLane: boolean }> =>
      counted(
        rawRequest(h.bridge.port, {
          headers: { ...mcpHeaders(h.bridge.port, tok, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' }), ...headers },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: envelope() } }),
        }),
      );
    const refused = [await list({ Host: 'evil.example:80' }), await list({ Origin: 'https://evil.example' }), await list({}, 'cs_not-a-real-token-000000000000000000000')];
    expect(refused.map((r) => [r.response.status, r.onLane])).toEqual([
      [403, false],
      [403, false],
      [401, false],
    ]);
    const own = await list({});
    expect([own.response.status, own.onLane]).toEqual([200, true]);
    expect(messageOf(own.response.body).result?.['tools']).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'everything__echo' })]));
  });

  /** A call with a progress token left open: its answer's status and what it streamed until `until` holds. */
  function streaming(tokenOf: string, until: (text: string) => boolean): Promise<{ status: number; text: () => string; ended: Promise<void>; destroy: () => void }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: h.bridge.port, method: 'POST', path: '/mcp', headers: callHeaders(h.bridge.port, tokenOf, 'fault__slow'), agent: false }, (res) => {
        let text = '';
        const ended = new Promise<void>((done) => res.on('close', done));
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (until(text)) resolve({ status: res.statusCode ?? 0, text: () => text, ended, destroy: () => req.destroy() });
        });
      });
      req.on('error', reject);
      req.end(callBody(1, 'fault__slow', { ms: 20_000 }, { progressToken: 'slow' }));
    });
  }

  it("a call with a progress token: its progress streams on the lane, and the agent closing the stream cancels the server's call", async () => {
    const tokenOf = await token('streams-lane');
    const cancelled = async (): Promise<number> => {
      const content = messageOf((await modernCall(h.bridge.port, tokenOf, 'fault__seen')).body).result?.['content'] as Array<{ text: string }> | undefined;
      return (JSON.parse(content?.[0]?.text ?? '{}') as { cancelled: number }).cancelled;
    };
    const before = await cancelled();
    const lane = served;
    const stream = await streaming(tokenOf, (text) => text.includes('sleeping'));
    expect(served).toBe(lane);
    expect(stream.status).toBe(200);
    expect(stream.text()).toMatch(/^event: message\ndata: \{"jsonrpc":"2.0","method":"notifications\/progress","params":\{"progressToken":"slow"/);
    stream.destroy();
    // Counted once it ended: the lane served it.
    await expect.poll(() => served - lane, { timeout: 10_000 }).toBe(1);
    await expect.poll(cancelled, { timeout: 10_000 }).toBe(before + 1);
  });

  it("the agent's removal ends its open progress stream, as the SDK's path ends a closed exchange's", async () => {
    const tokenOf = await token('removed-stream');
    const stream = await streaming(tokenOf, (text) => text.includes('sleeping'));
    await h.bridge.agents.remove('removed-stream');
    await stream.ended;
    expect(stream.text().split('\n\n').filter((event) => event !== '')).toHaveLength(1);
  });
});
