import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer, everythingServer } from '../fixtures/servers/config';
import { ALLOW_ALL, conformanceServer, startAskingBridge } from '../support/asking-bridge';
import { connectAgent, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { messageOf, modernToolCall } from '../support/modern-raw';

// A call's timeout counts its server's time, not the time its agent or the person takes to answer the
// server's question: each server here has a 1-second timeout and each agent answers after more than
// that, in both eras on both sides; a tool that is itself slower than the timeout still times out.
const TIMEOUT_MS = 1_000;
const ANSWER_AFTER_MS = 2_500;
const FORMS = { elicitation: { form: {} } };
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');
const later = <T>(value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ANSWER_AFTER_MS));
const VALUES: Record<string, string> = { username: 'ann', email: 'ann@example.com', name: 'Ann' };

/** A person's form, after a while: each field the server asked for, filled. */
function slowAnswer(request: { params: object }): Promise<{ action: 'accept'; content: Record<string, string> }> {
  const schema = 'requestedSchema' in request.params ? (request.params.requestedSchema as { properties?: Record<string, unknown> }) : {};
  const fields = Object.keys(schema.properties ?? {});
  return later({ action: 'accept' as const, content: Object.fromEntries(fields.map((field) => [field, VALUES[field] ?? 'x'])) });
}

let h: BridgeHarness;
const closers: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  h = await startAskingBridge(
    {
      legacy: { ...conformanceServer(), timeoutMs: TIMEOUT_MS },
      modern: { ...conformanceServer('2026-07-28'), timeoutMs: TIMEOUT_MS },
      asking: askingServer({ timeoutMs: TIMEOUT_MS }),
      slow: everythingServer({ timeoutMs: TIMEOUT_MS }),
    },
    new WaitingAsks(),
  );
}, 90_000);

afterAll(async () => {
  for (const closer of closers) await closer.close();
  await h?.close();
});

async function token(name: string): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL })).token;
}

/** A 2025-11-25 agent whose person takes longer than the call's timeout to fill the form. */
async function slowLegacyAgent(name: string): Promise<AgentClient> {
  const agent = await connectAgent(h.bridge.url, await token(name), name, FORMS);
  agent.client.setRequestHandler(ElicitRequestSchema, slowAnswer);
  closers.push(agent);
  return agent;
}

/** The same, pinned to 2026-07-28: the SDK client answers the bridge's input_required rounds with its handler. */
async function slowModernAgent(name: string): Promise<ModernAgent> {
  const agent = await connectModernAgent(h.bridge.url, await token(name), { pin: '2026-07-28' }, { capabilities: FORMS });
  agent.client.setRequestHandler('elicitation/create', slowAnswer);
  closers.push(agent);
  return agent;
}

describe("a call's timeout while its server waits for an answer", () => {
  it('a 2025-era stdio server (the direct path) waits for a 2025 agent past its timeout, and the call answers', async () => {
    const agent = await slowLegacyAgent('legacy-to-legacy');
    const result = await agent.client.callTool({ name: 'legacy__test_elicitation', arguments: { message: 'who are you?' } });
    expect(textOf(result)).toContain('action=accept');
    expect(textOf(result)).toContain('ann@example.com');
  }, 30_000);

  it('a 2025-era stdio server waits for a 2026-07-28 agent retrying its round past the timeout', async () => {
    const agent = await slowModernAgent('modern-to-legacy');
    const result = await agent.client.callTool({ name: 'legacy__test_elicitation', arguments: { message: 'who are you?' } });
    expect(textOf(result)).toContain('ann@example.com');
  }, 30_000);

  it('a 2026-07-28 server (through the SDK, its rounds answered by the pool) waits for a slow agent too', async () => {
    const agent = await slowLegacyAgent('legacy-to-modern');
    const result = await agent.client.callTool({ name: 'modern__test_input_required_result_elicitation', arguments: {} });
    expect(textOf(result)).toBe('Hello, Ann!');
  }, 30_000);

  it('a raw 2026-07-28 agent that retries its round after the timeout still gets its answer', async () => {
    const tokenOf = await token('raw-retry');
    const call = { name: 'asking__ask-for', arguments: { who: 'raw' } };
    const first = messageOf((await modernToolCall(h.bridge.port, tokenOf, 1, call)).body);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const [key] = Object.keys((first.result?.['inputRequests'] ?? {}));
    await later(undefined);
    const done = messageOf((await modernToolCall(h.bridge.port, tokenOf, 2, { ...call, inputResponses: { [key ?? '']: { action: 'accept', content: { reply: 'Raw' } } }, requestState: first.result?.['requestState'] })).body);
    expect(done.error).toBeUndefined();
    expect(textOf(done.result)).toBe('raw: accept Raw');
  }, 30_000);

  // A hostile-agent review: a question that could not be told to be one call's (two agents' calls on
  // one stdio server) went to the person and held both calls still, the other agent's too, for as long
  // as questions kept coming.
  it("a question no call can be shown to own does not stand another agent's call still", async () => {
    const waiting = await connectAgent(h.bridge.url, await token('waits'), 'waits');
    closers.push(waiting);
    const asker = await connectAgent(h.bridge.url, await token('asks'), 'asks', FORMS);
    // Its person never answers: the question waits for its own limit.
    asker.client.setRequestHandler(ElicitRequestSchema, () => new Promise<never>(() => undefined));
    closers.push(asker);
    const started = Date.now();
    // A timeout reaches the agent as the tool's error result.
    const hanging = waiting.client.callTool({ name: 'asking__ask-roots-hold', arguments: { n: 1 } }).then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asking = asker.client.callTool({ name: 'asking__ask-for', arguments: { who: 'b' } }).catch((error: unknown) => String(error));
    expect(await hanging).toMatch(/did not answer within 1 s/);
    expect(Date.now() - started).toBeLessThan(20_000);
    await asking;
  }, 60_000);

  it('a tool slower than its timeout, asking nothing, still times out', async () => {
    const agent = await connectAgent(h.bridge.url, await token('plain'), 'plain');
    closers.push(agent);
    const failed = await agent.client.callTool({ name: 'slow__trigger-long-running-operation', arguments: { duration: 3, steps: 3 } }).catch((error: unknown) => error);
    expect(String((failed as Error).message ?? JSON.stringify(failed))).toMatch(/did not answer within 1 s/);
  }, 30_000);
});
