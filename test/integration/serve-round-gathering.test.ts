import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { messageOf, modernToolCall } from '../support/modern-raw';
import { startServe, type Served } from '../support/serve';

// settings.inputRoundQuietMs / inputRoundGatherMaxMs in mcp.json reach a headless `serve`: a 2025-era
// server's requests during a 2026-07-28 agent's call are gathered into one `input_required` round
// until no new one came for the quiet (MCP 2026-07-28 basic/patterns/mrtr §InputRequests). Our asking
// server's `ask-three` sends three forms a gap apart. Told by the rounds' contents, not their times:
// at the default quiet (250 ms) three sent at once come in one round; at a quiet of 20 ms (or 0),
// three sent 1 s apart do not (the first round is answered before the second request comes, so
// the agent hears sooner); at a quiet of 3 s three sent 400 ms apart come in one round. A bad value is
// refused naming the field.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const TOOL = 'asking__ask-three';

function homeWith(settings: Record<string, unknown>): string {
  const home = tempHome('cs-round-gather-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { asking: askingServer() }, settings }), { mode: 0o600 });
  return home;
}

async function served(settings: Record<string, unknown>): Promise<{ serve: Served; token: string }> {
  const home = homeWith(settings);
  const approved = await runCli(home, ['servers', 'approve', 'asking']);
  expect(approved.code, approved.stderr).toBe(0);
  const serve = await startServe(home);
  const token = ((await serve.api('addAgent', { name: 'gatherer', servers: ['asking'], policy: ALLOW_ALL })).body.result as { token: string }).token;
  return { serve, token };
}

/**
 * Calls ask-three as a 2026-07-28 agent declaring form elicitation, answering every round's forms
 * until the call completes: the forms' messages of each round, and the call's final text.
 */
async function callThrough({ serve, token }: { serve: Served; token: string }, gapMs: number): Promise<{ rounds: string[][]; text: unknown }> {
  const port = Number(new URL(serve.bridge ?? '').port);
  const rounds: string[][] = [];
  let retry: Record<string, unknown> = {};
  for (let id = 1; id <= 5; id++) {
    const answer = messageOf((await modernToolCall(port, token, id, { name: TOOL, arguments: { gapMs }, ...retry })).body);
    expect(answer.error).toBeUndefined();
    if (answer.result?.['resultType'] !== 'input_required') return { rounds, text: (answer.result?.['content'] as { text?: string }[] | undefined)?.[0]?.text };
    const requests = answer.result['inputRequests'] as Record<string, { method: string; params?: { message?: string } }>;
    rounds.push(Object.values(requests).map((r) => r.params?.message ?? r.method).sort());
    const inputResponses = Object.fromEntries(Object.keys(requests).map((key) => [key, { action: 'accept', content: { reply: 'yes' } }]));
    retry = { inputResponses, requestState: answer.result['requestState'] };
  }
  throw new Error(`still asking after 5 rounds: ${JSON.stringify(rounds)}`);
}

const ALL_THREE = ['the first question', 'the second question', 'the third question'];
const DONE = 'accept yes; accept yes; accept yes';

describe.each([
  { label: 'the default quiet (250 ms): three sent at once come in one round', settings: {}, gapMs: 0, together: true },
  { label: 'a quiet of 20 ms: three sent 1 s apart come over several rounds', settings: { inputRoundQuietMs: 20 }, gapMs: 1_000, together: false },
  { label: 'a quiet of 0 ms and its bound 0: three sent 1 s apart come over several rounds', settings: { inputRoundQuietMs: 0, inputRoundGatherMaxMs: 0 }, gapMs: 1_000, together: false },
  { label: 'a quiet of 3 s: three sent 400 ms apart (one round each at the default) come in one round', settings: { inputRoundQuietMs: 3_000, inputRoundGatherMaxMs: 10_000 }, gapMs: 400, together: true },
])('settings of round gathering under serve: $label', ({ settings, gapMs, together }) => {
  let running: { serve: Served; token: string } | undefined;

  beforeAll(async () => {
    running = await served(settings);
  }, 60_000);

  afterAll(async () => {
    await running?.serve.stop();
  });

  it('the rounds the agent is put, and the call completes with every answer', async () => {
    if (!running) throw new Error('serve did not start');
    const call = await callThrough(running, gapMs);
    expect(call.rounds.flat().sort()).toEqual(ALL_THREE);
    // A short quiet answers the round before the next request comes: the first round has only the
    // first (it could hold more only if the bridge stalled a whole gap, far past the quiet).
    if (together) expect(call.rounds).toEqual([ALL_THREE]);
    else expect(call.rounds[0]).toEqual(['the first question']);
    expect(call.text).toBe(DONE);
  }, 30_000);
});

describe('bad round-gathering settings', () => {
  it('a quiet past 5 s is refused with the field and the bound, exit 2', async () => {
    const result = await runCli(homeWith({ inputRoundQuietMs: 6_000 }), ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('inputRoundQuietMs');
    expect(result.stderr).toMatch(/5000/);
  });

  it('a bound below the quiet is refused naming both, exit 2', async () => {
    const result = await runCli(homeWith({ inputRoundQuietMs: 500, inputRoundGatherMaxMs: 100 }), ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('inputRoundGatherMaxMs');
    expect(result.stderr).toContain('inputRoundQuietMs (500)');
  });
});
