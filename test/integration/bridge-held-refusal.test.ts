import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { MAX_HELD_PER_AGENT } from '../../electron/bridge/input-round-terms';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { messageOf, modernCall, modernRequest } from '../support/modern-raw';
import { startRelatedAsksHttp, type RelatedAsksHttp } from '../support/related-asks-http';
import { textOf } from '../support/server-harness';
import { askUrlChecksFor } from '../support/ask-url-checks';

// Issue #30 item 4 (docs/asks.md §Whose call): a 2026-07-28 agent holds at most 32 calls open waiting
// for its retries. When a 2025-era server asks during one more, the bridge ends that call itself with
// its own refusal (rate_limited, saying what to do) and audits it so; the server's request is
// dismissed and its call cancelled, so nothing runs on upstream. Before, the refusal went to the
// server as the answer to its request, and the agent read it as the server's own error.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const ELICIT = { elicitation: { form: {} } };

let server: RelatedAsksHttp;
let h: BridgeHarness;
const waiting = new WaitingAsks();

beforeAll(async () => {
  server = await startRelatedAsksHttp();
  const router = createAskRouter({ waiting, audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  // One request per call: a short quiet ends each round soon.
  h = await startBridge({ legacy: server.config }, { inputRoundGather: () => ({ quietMs: 20 }) }, { asks: { router } });
  await h.pool.start('legacy');
}, 60_000);

afterAll(async () => {
  await h?.close();
  server?.stop();
});

type Waits = { answered: string[]; cancelled: number; reasons: string[]; running: number };

/** What the server's `ask-then-wait` calls saw so far. */
async function waits(): Promise<Waits> {
  return JSON.parse(textOf(await h.pool.callTool('legacy', 'waits', {}))) as Waits;
}

const ERROR_KEY = 'connected-services/error';

/**
 * Whether each request of the server's was ended by the bridge: dismissed (`cancel`), or ended by its
 * call's cancel when that came first (the two race to the server); never failed with an error.
 */
const dismissed = (answered: string[]): boolean[] => answered.map((answer) => answer === 'cancel' || answer === 'ended by the cancel');

describe('a 2026-07-28 agent past 32 held calls, a 2025-era server behind the bridge', () => {
  it("gets the bridge's own refusal for its 33rd call (tools/call, prompts/get, resources/read), audited so, and the server's calls end", async () => {
    const token = (await h.bridge.agents.add('hoarder', { servers: ['legacy'], policy: ALLOW_ALL })).token;
    for (let i = 0; i < MAX_HELD_PER_AGENT; i++) {
      const round = messageOf((await modernCall(h.bridge.port, token, 'legacy__ask-then-wait', { who: `#${i}` }, { id: i, capabilities: ELICIT })).body);
      expect(round.result?.['resultType']).toBe('input_required');
    }
    await expect.poll(async () => (await waits()).running, { timeout: 30_000 }).toBe(MAX_HELD_PER_AGENT);

    const answer = await modernCall(h.bridge.port, token, 'legacy__ask-then-wait', { who: 'one too many' }, { id: 99, capabilities: ELICIT });
    expect(answer.status).toBe(200);
    const result = messageOf(answer.body).result ?? {};
    expect(result['isError']).toBe(true);
    const error = (result['_meta'] as Record<string, unknown> | undefined)?.[ERROR_KEY];
    expect(error).toEqual({
      code: 'rate_limited',
      message: 'your agent already holds 32 calls waiting for it to answer their services\' questions (each sent to it as an input_required result, or about to be), so the bridge ended this call when its service asked for input',
      hint: 'Answer those calls (retry each with its inputResponses and requestState; a decline or cancel ends it) or abandon them (each ends 5 min after its input_required result), then call again',
      server: 'legacy',
    });
    expect(JSON.stringify(result)).not.toMatch(/the server reported this error itself/i);
    // The server's request was dismissed and its call cancelled: it runs on only for the 32 held.
    await expect.poll(waits, { timeout: 30_000 }).toMatchObject({ cancelled: 1, running: MAX_HELD_PER_AGENT });
    expect(dismissed((await waits()).answered)).toEqual([true]);
    // Its cancel says why, in words for the server (notifications/cancelled `reason`).
    expect((await waits()).reasons).toEqual(['the bridge ended the call: its agent already holds 32 calls waiting for its answers']);

    // Reads are held the same way: refused as JSON-RPC errors carrying our code (agent-errors.ts RPC_CODES).
    const prompt = messageOf((await modernRequest(h.bridge.port, token, 'prompts/get', 'legacy__ask-then-wait', { name: 'legacy__ask-then-wait', arguments: { who: 'prompt' } }, ELICIT)).body);
    const read = messageOf((await modernRequest(h.bridge.port, token, 'resources/read', 'wait://ask', { uri: 'wait://ask' }, ELICIT)).body);
    for (const refused of [prompt, read]) {
      expect(refused.error).toMatchObject({ code: -32012, message: expect.stringContaining('already holds 32 calls waiting for it to answer') as unknown, data: { code: 'rate_limited', server: 'legacy' } });
    }
    await expect.poll(waits, { timeout: 30_000 }).toMatchObject({ cancelled: 3, running: MAX_HELD_PER_AGENT });
    expect(dismissed((await waits()).answered)).toEqual([true, true, true]);

    // Audited as the bridge's refusal, not as the server's error nor a cancel.
    const refusals = (await h.bridge.audit.read({ agent: 'hoarder' })).filter((entry) => entry.errorCode === 'rate_limited');
    expect(refusals.map((entry) => `${entry.kind} ${entry.tool}: ${entry.outcome}`).sort()).toEqual(['prompt ask-then-wait: denied', 'resource wait://ask: denied', 'tool ask-then-wait: denied']);

    // Removing the agent ends its held calls: nothing is left running on the server.
    await h.bridge.agents.remove('hoarder');
    await expect.poll(async () => (await waits()).running, { timeout: 30_000 }).toBe(0);
  }, 120_000);

  it('counts calls asked at once, before any is answered: of 40 at once, 32 are held and 8 refused, each cancelled upstream', async () => {
    const before = await waits();
    const token = (await h.bridge.agents.add('swarm', { servers: ['legacy'], policy: ALLOW_ALL })).token;
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => messageOf((await modernCall(h.bridge.port, token, 'legacy__ask-then-wait', { who: `swarm #${i}` }, { id: i, capabilities: ELICIT })).body).result ?? {}),
    );
    const kinds = answers.map((result) => (result['resultType'] === 'input_required' ? 'held' : ((result['_meta'] as Record<string, { code?: string }> | undefined)?.[ERROR_KEY]?.code ?? 'other')));
    expect(kinds.filter((kind) => kind === 'held')).toHaveLength(MAX_HELD_PER_AGENT);
    expect(kinds.filter((kind) => kind !== 'held')).toEqual(Array.from({ length: 8 }, () => 'rate_limited'));
    await expect.poll(async () => (await waits()).cancelled - before.cancelled, { timeout: 30_000 }).toBe(8);
    expect((await waits()).running).toBe(MAX_HELD_PER_AGENT);
    await h.bridge.agents.remove('swarm');
    await expect.poll(async () => (await waits()).running, { timeout: 30_000 }).toBe(0);
  }, 120_000);
});
