import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { createBridge, type Bridge } from '../../electron/bridge';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { BAD_KEYS, startHostileServer, type HostileServer } from '../fixtures/servers/hostile-modern-server';
import { tempDir, type RawResponse } from '../support/bridge-harness';
import { callBody, callHeaders, messageOf, modernCall, modernRequest } from '../support/modern-raw';
import { askUrlChecksFor } from '../support/ask-url-checks';

// docs/bridge.md §Speed of the two eras, attacked from both ends: an agent that goes away mid-call,
// many times at once (the lane's LazyAbort must cancel the server's call and leave nothing behind),
// and a hostile 2026-07-28 server behind the bridge (huge results, deep structured content, 10,000
// inputRequests, hostile keys, no answer at all). Every answer is bounded, never a 5xx, the same as
// on the SDK's path (a bridge with `modernLane: false` over the same pool), and the bridge serves on.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const ELICIT = { elicitation: { form: {} } };

let pool: Pool;
let hostile: HostileServer;
let withLane: Bridge;
let withoutLane: Bridge;
const tokens = new Map<Bridge, string>();
let served = 0;
const warnings: string[] = [];
const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);

beforeAll(async () => {
  process.on('warning', onWarning);
  const dir = tempDir();
  hostile = await startHostileServer();
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  pool = createPool({ cacheDir: join(dir, 'cache'), gate: () => null, asks: { router } });
  await pool.apply({ mcpServers: { fault: faultServer(), hostile: { type: 'http', url: hostile.url } } });
  await Promise.all([pool.start('fault'), pool.start('hostile')]);
  withLane = await createBridge({ pool, dataDir: join(dir, 'lane'), port: 0, laneServed: () => void served++ });
  withoutLane = await createBridge({ pool, dataDir: join(dir, 'sdk'), port: 0, modernLane: false });
  for (const bridge of [withLane, withoutLane]) tokens.set(bridge, (await bridge.agents.add('agent', { servers: ['*'], policy: ALLOW_ALL })).token);
}, 90_000);

afterAll(async () => {
  process.off('warning', onWarning);
  await withLane?.close();
  await withoutLane?.close();
  await pool?.close();
  await hostile?.close();
});

/** A call that the agent abandons: the request is sent, and destroyed when `drop` is called. */
function abandoned(bridge: Bridge, tool: string, args: unknown, id: number): { drop: () => void } {
  const req = request({ host: '127.0.0.1', port: bridge.port, method: 'POST', path: '/mcp', headers: callHeaders(bridge.port, tokens.get(bridge), tool), agent: false });
  req.on('error', () => undefined);
  req.end(callBody(id, tool, args, {}, ELICIT));
  return { drop: () => req.destroy() };
}

async function seen(): Promise<{ started: number; cancelled: number }> {
  const response = await modernCall(withLane.port, tokens.get(withLane), 'fault__seen');
  const content = messageOf(response.body).result?.['content'] as Array<{ text: string }> | undefined;
  return JSON.parse(content?.[0]?.text ?? '{}') as { started: number; cancelled: number };
}

/** The sockets open in this process (the bridges', the pool's and the test's own). */
const sockets = (): number => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;

describe('an agent that goes away mid-call, many times at once', () => {
  it("each server call is cancelled, and the lane leaves no socket, listener or call behind", async () => {
    const start = await seen();
    const baseline = sockets();
    const before = served;
    const calls = Array.from({ length: 25 }, (_, i) => abandoned(withLane, 'fault__slow', { ms: 60_000 }, i + 1));
    await expect.poll(async () => (await seen()).started - start.started, { timeout: 30_000 }).toBe(25);
    for (const call of calls) call.drop();
    await expect.poll(async () => (await seen()).cancelled - start.cancelled, { timeout: 30_000 }).toBe(25);
    // Dropped before the server may even have it: whatever reached it was cancelled too.
    const early = Array.from({ length: 25 }, (_, i) => abandoned(withLane, 'fault__slow', { ms: 60_000 }, 100 + i));
    for (const call of early) call.drop();
    await expect.poll(async () => {
      const now = await seen();
      return now.started - start.started - (now.cancelled - start.cancelled);
    }, { timeout: 30_000 }).toBe(0);
    expect(served - before).toBeGreaterThanOrEqual(25);
    await expect.poll(sockets, { timeout: 30_000 }).toBeLessThanOrEqual(baseline);
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
    // The agent is served on.
    const after = await modernCall(withLane.port, tokens.get(withLane), 'fault__seen');
    expect(after.status).toBe(200);
  });
});

async function both(tool: string): Promise<{ lane: RawResponse; sdk: RawResponse; laneTook: boolean }> {
  const before = served;
  const lane = await modernCall(withLane.port, tokens.get(withLane), tool, {}, { capabilities: ELICIT });
  const laneTook = served > before;
  return { lane, sdk: await modernCall(withoutLane.port, tokens.get(withoutLane), tool, {}, { capabilities: ELICIT }), laneTook };
}

/** The answer with its sealed state, which differs per bridge, left out. */
const unsealed = (response: RawResponse): string => {
  const state = messageOf(response.body).result?.['requestState'];
  return typeof state === 'string' ? response.body.replaceAll(state, '<state>') : response.body;
};

describe('a hostile 2026-07-28 server behind the bridge', () => {
  /** Both bridges' answers: alike (the sealed state aside), never a 5xx, and what the lane's says. */
  async function alike(tool: string): Promise<ReturnType<typeof messageOf>> {
    const { lane, sdk, laneTook } = await both(`hostile__${tool}`);
    expect(laneTook).toBe(true);
    expect({ status: lane.status, type: lane.headers['content-type'], body: unsealed(lane) }).toEqual({ status: sdk.status, type: sdk.headers['content-type'], body: unsealed(sdk) });
    expect(lane.status).toBeGreaterThanOrEqual(200);
    expect(lane.status).toBeLessThan(500);
    return messageOf(lane.body);
  }

  it('many: 10,000 inputRequests in one round are refused as malformed (16 at most), alike on both paths', async () => {
    const answer = await alike('many');
    expect(answer.result).toMatchObject({ isError: true, resultType: 'complete' });
    expect(JSON.stringify(answer.result)).toContain('at most 16 input requests');
  });

  // What each hostile key comes to: refused as malformed; or renamed, since the agent is only ever
  // shown keys the bridge made (input-keys.ts); or `__proto__`, which the pool's parse of the record
  // drops, so the round asks nothing and the server asking on is stopped by the bound on rounds.
  const OUTCOME = new Map<string, 'malformed' | 'renamed' | 'rounds'>([
    ['proto', 'rounds'],
    ['constructor', 'renamed'],
    ['empty', 'malformed'],
    ['ctl', 'renamed'],
    ['long', 'malformed'],
  ]);
  for (const name of Object.keys(BAD_KEYS)) {
    it(`bad_key_${name}: an inputRequest under a hostile key is answered alike on both paths (${OUTCOME.get(name)}), nothing polluted`, async () => {
      const answer = await alike(`bad_key_${name}`);
      const result = answer.result ?? {};
      const outcome = OUTCOME.get(name);
      if (outcome === 'renamed') expect([result['resultType'], Object.getOwnPropertyNames(result['inputRequests'] ?? {})]).toEqual(['input_required', ['elicitation-1']]);
      else expect(JSON.stringify(result)).toContain(outcome === 'malformed' ? "the server's input_required result is malformed" : 'the server still asked for input after 10 rounds');
      expect(({} as Record<string, unknown>)['elicitation']).toBeUndefined();
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('elicitation');
    });
  }

  // The pool bounds an HTTP server's message as stdio's line (DEFAULT_MAX_MESSAGE_BYTES, 8 MiB):
  // 24 MiB of text fail the call with a bounded error that names the server and the bound.
  it('huge: a 24 MiB result is bounded (as stdio bounds a message to 8 MiB)', async () => {
    const answer = await alike('huge');
    const { lane } = await both('hostile__huge');
    expect(lane.body.length).toBeLessThan(64 * 1024);
    const text = JSON.stringify(answer.result ?? answer.error);
    expect(text).toContain('\\"hostile\\" sent a message over 8 MiB');
    expect(text).toContain('one message from a server may hold at most 8 MiB');
    // The server's fault (exit 7 from the command line), not ours.
    expect(text).toContain('server_unavailable');
    expect(text).not.toContain('internal');
    expect(text).toContain("The server's answer is too large");
    // The server is not stopped for it: its next call is answered.
    expect(messageOf((await both('hostile__asks')).lane.body).result?.['resultType']).toBe('input_required');
  });

  it('huge_sse: a 24 MiB event of an SSE answer fails the call at once with the same bounded error', async () => {
    const answer = await alike('huge_sse');
    const text = JSON.stringify(answer.result ?? answer.error);
    expect(text).toContain('\\"hostile\\" sent a message over 8 MiB');
    expect(text).toContain("The server's answer is too large");
  });

  // A result nested past the pool's bounds is refused as the server's fault (over HTTP the body's depth
  // meter, listing-depth.ts, cuts it before it is parsed; result-depth.ts refuses one from 129 levels
  // on that passed the meter): without the bounds, writing it out as JSON ran out of stack, the lane's exchange was reset with no answer and
  // createMcpHandler's path never answered at all.
  it('nested: structured content 20,000 levels deep is refused as a tool error, alike on both paths', async () => {
    const answer = await alike('nested');
    expect(answer.result).toMatchObject({ isError: true });
    expect(JSON.stringify(answer.result)).toMatch(/"hostile\\" (sent a message|answered [^"]* with a result) nested deeper than \d+ levels/);
  });

  it('after all of the above the bridge serves on, with no listener warnings', async () => {
    const next = await modernCall(withLane.port, tokens.get(withLane), 'fault__seen');
    expect(next.status).toBe(200);
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  });

  it('held calls: an agent that never retries holds at most 32 calls open, the 33rd on is answered, not held; another agent is unaffected; removal ends them', async () => {
    const add = async (name: string): Promise<string> => (await withLane.agents.add(name, { servers: ['hostile'], policy: ALLOW_ALL })).token;
    let hoarder = await add('hoarder');
    const victim = await add('bystander');
    const kind = async (token: string, id: number): Promise<string> => {
      const answer = await modernCall(withLane.port, token, 'hostile__asks', {}, { id, capabilities: ELICIT });
      expect(answer.status).toBeLessThan(500);
      const message = messageOf(answer.body);
      return message.result?.['resultType'] === 'input_required' ? 'held' : JSON.stringify(message.result ?? message.error);
    };
    const retries = hostile.asks.retries;
    const kinds: string[] = [];
    for (let i = 0; i < 40; i++) kinds.push(await kind(hoarder, i));
    expect(kinds.slice(0, 32)).toEqual(Array.from({ length: 32 }, () => 'held'));
    // Told by the bridge itself (code and what to do), never as an error of the server's (docs/asks.md).
    const refusal = /^\{"_meta":\{"connected-services\/error":\{"code":"rate_limited","message":"your agent already holds 32 calls waiting for it to answer .*","hint":"Answer those calls .*","server":"hostile"\}/;
    expect(kinds.slice(32).filter((k) => !refusal.test(k) || /the server reported this error itself/i.test(k))).toEqual([]);
    // The refused calls' rounds were not answered upstream: nothing more was sent for them.
    expect(hostile.asks.retries).toBe(retries);
    expect(await kind(victim, 99)).toBe('held');
    // (Whereas a round the agent answers is: its retry reaches the server.)
    const round = messageOf((await modernCall(withLane.port, victim, 'hostile__asks', {}, { id: 98, capabilities: ELICIT })).body).result ?? {};
    const inputResponses = Object.fromEntries(Object.keys(round['inputRequests'] ?? {}).map((key) => [key, { action: 'accept', content: { ok: true } }]));
    const retry = { name: 'hostile__asks', arguments: {}, inputResponses, requestState: round['requestState'] };
    expect((await modernRequest(withLane.port, victim, 'tools/call', 'hostile__asks', retry, ELICIT)).status).toBe(200);
    expect(hostile.asks.retries).toBe(retries + 1);
    await withLane.agents.remove('hoarder');
    hoarder = await add('hoarder');
    expect(await kind(hoarder, 100)).toBe('held');
  });

  it('never: the agent going away cancels the call to the server, on the lane', async () => {
    const before = { ...hostile.never };
    const calls = Array.from({ length: 5 }, (_, i) => abandoned(withLane, 'hostile__never', {}, 500 + i));
    await expect.poll(() => hostile.never.received - before.received, { timeout: 30_000 }).toBe(5);
    for (const call of calls) call.drop();
    await expect.poll(() => hostile.never.gone - before.gone, { timeout: 30_000 }).toBe(5);
  });
});
