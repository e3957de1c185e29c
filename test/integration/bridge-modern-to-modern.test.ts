import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import type { StdioServerConfig } from '../../shared/config';
import { ROOT } from '../fixtures/servers/config';
import { ALLOW_ALL, conformanceServer, startAskingBridge } from '../support/asking-bridge';
import { type BridgeHarness } from '../support/bridge-harness';
import { FORMS, messageOf, MODERN, modernToolCall } from '../support/modern-raw';
import { tsEntry } from '../support/ts-entry';

// Issue #30 items 3 and 4: a 2026-07-28 agent → bridge → a 2026-07-28 stdio server (the entry's
// `protocol`). The server's `input_required` results reach the pool as they are; the bridge puts
// each round to the agent with its own sealed state, under the server's own keys, and the agent's
// retry answers them. A round the agent never retries holds its call, but not the server: the next
// call's requests are still told apart and go to their own agent, not to the person. A tool with an
// output schema asks the same way (electron/pool/tool-rounds.ts): its final result is then checked
// against the schema with the SDK's own callTool words.
const CONFORMANCE = conformanceServer(MODERN);
/** `forecast`: an output schema, a round asking for a unit, then structured content (`broken` breaks the schema). */
const WEATHER: StdioServerConfig = { command: process.execPath, args: tsEntry('test/fixtures/servers/schema-asking-server.ts'), cwd: ROOT, protocol: MODERN };
const FORECAST = 'weather__forecast';

let h: BridgeHarness;
const waiting = new WaitingAsks();

beforeAll(async () => {
  h = await startAskingBridge({ conf: CONFORMANCE, weather: WEATHER }, waiting);
}, 60_000);

afterAll(async () => {
  for (const ask of waiting.list()) waiting.answer(ask.id, { action: 'decline' });
  await h.close();
});

async function token(name: string): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL })).token;
}

type Message = { result?: Record<string, unknown>; error?: { code: number; message: string } };
type Requests = Record<string, { method: string; params?: Record<string, unknown> }>;

/** One raw 2026-07-28 tools/call with the envelope declaring form elicitation. */
async function call(tokenOf: string, tool: string, extra: Record<string, unknown> = {}): Promise<Message> {
  const response = await modernToolCall(h.bridge.port, tokenOf, 1, { name: tool, arguments: {}, ...extra });
  expect(response.status).toBeLessThan(500);
  return messageOf(response.body);
}

describe('a 2026-07-28 agent through the bridge to a 2026-07-28 stdio server', () => {
  it("keeps the server's own key: the round asks under user_name, the retry answered by it completes the call", async () => {
    const tokenOf = await token('greeted');
    const tool = 'conf__test_input_required_result_elicitation';
    const first = await call(tokenOf, tool);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const requests = first.result?.['inputRequests'] as Requests;
    expect(Object.keys(requests)).toEqual(['user_name']);
    expect(requests['user_name']).toMatchObject({ method: 'elicitation/create', params: { message: 'What is your name?' } });
    // (A 2025-era connection would have carried it as elicitation/create with no key: `elicitation-1`.)
    // The state is the bridge's own, sealed (never the server's: the pool keeps that upstream).
    expect(typeof first.result?.['requestState']).toBe('string');
    const done = await call(tokenOf, tool, { inputResponses: { user_name: { action: 'accept', content: { name: 'Alice' } } }, requestState: first.result?.['requestState'] });
    expect(done.result?.['content']).toEqual([{ type: 'text', text: 'Hello, Alice!' }]);
  }, 30_000);

  it('a round never retried does not hold the server: the next call of the same agent gets its own round', async () => {
    const tokenOf = await token('forgetful');
    const left = await call(tokenOf, 'conf__test_streaming_elicitation');
    expect(Object.keys((left.result?.['inputRequests'] ?? {}) as Requests)).toEqual(['confirm']);
    // Never retried: that call stays held upstream. The next one still reaches its agent.
    const tool = 'conf__test_input_required_result_elicitation';
    const next = await call(tokenOf, tool);
    expect(Object.keys((next.result?.['inputRequests'] ?? {}) as Requests)).toEqual(['user_name']);
    const done = await call(tokenOf, tool, { inputResponses: { user_name: { action: 'accept', content: { name: 'Bob' } } }, requestState: next.result?.['requestState'] });
    expect(done.result?.['content']).toEqual([{ type: 'text', text: 'Hello, Bob!' }]);
    expect(waiting.list().filter((ask) => ask.agent === 'forgetful')).toEqual([]);
  }, 30_000);

  it('two agents at once on the one server: each round goes to its own agent, none to the person', async () => {
    const [a, b] = [await token('first-agent'), await token('second-agent')];
    const tool = 'conf__test_input_required_result_elicitation';
    const [roundA, roundB] = await Promise.all([call(a, tool), call(b, tool)]);
    expect(Object.keys((roundA.result?.['inputRequests'] ?? {}) as Requests)).toEqual(['user_name']);
    expect(Object.keys((roundB.result?.['inputRequests'] ?? {}) as Requests)).toEqual(['user_name']);
    const [doneA, doneB] = await Promise.all([
      call(a, tool, { inputResponses: { user_name: { action: 'accept', content: { name: 'Ann' } } }, requestState: roundA.result?.['requestState'] }),
      call(b, tool, { inputResponses: { user_name: { action: 'accept', content: { name: 'Ben' } } }, requestState: roundB.result?.['requestState'] }),
    ]);
    expect(doneA.result?.['content']).toEqual([{ type: 'text', text: 'Hello, Ann!' }]);
    expect(doneB.result?.['content']).toEqual([{ type: 'text', text: 'Hello, Ben!' }]);
    expect(waiting.list().filter((ask) => ask.agent === 'first-agent' || ask.agent === 'second-agent')).toEqual([]);
  }, 30_000);
});

/** The agent's forecast round, then its retry answering `unit`. */
async function forecastIn(tokenOf: string, unit: string): Promise<Message> {
  const round = await call(tokenOf, FORECAST);
  expect(round.result).toMatchObject({ resultType: 'input_required' });
  const requests = (round.result?.['inputRequests'] ?? {}) as Requests;
  expect(Object.keys(requests)).toEqual(['unit']);
  expect(requests['unit']).toMatchObject({ method: 'elicitation/create', params: { message: 'Which unit?' } });
  return call(tokenOf, FORECAST, { inputResponses: { unit: { action: 'accept', content: { unit } } }, requestState: round.result?.['requestState'] });
}

/** The SDK v2 client's own callTool (its own round driver) on the same server, answered `broken`: the refusal in its words. */
async function sdkOwnRefusal(): Promise<string> {
  const client = new Client({ name: 'control', version: '1' }, { capabilities: FORMS, versionNegotiation: { mode: { pin: MODERN } } });
  client.setRequestHandler('elicitation/create', () => Promise.resolve({ action: 'accept' as const, content: { unit: 'broken' } }));
  await client.connect(new StdioClientTransport({ command: process.execPath, args: WEATHER.args ?? [], cwd: ROOT, stderr: 'pipe' }));
  try {
    await client.listTools();
    await client.callTool({ name: 'forecast', arguments: {} });
    return 'no refusal';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.close();
  }
}

describe('a 2026-07-28 stdio tool with an output schema that asks first', () => {
  it('two agents at once: each round goes to its own agent, none to the person, each gets its own structured result', async () => {
    expect((await h.pool.tools('weather')).find((t) => t.name === 'forecast')?.outputSchema).toMatchObject({ required: ['temp', 'unit'] });
    const [a, b] = [await token('celsius-agent'), await token('fahrenheit-agent')];
    const [doneA, doneB] = await Promise.all([forecastIn(a, 'C'), forecastIn(b, 'F')]);
    expect(doneA.result?.['structuredContent']).toEqual({ temp: 21, unit: 'C' });
    expect(doneB.result?.['structuredContent']).toEqual({ temp: 70, unit: 'F' });
    expect(doneA.result?.['isError']).not.toBe(true);
    expect(waiting.list().filter((ask) => ask.agent === 'celsius-agent' || ask.agent === 'fahrenheit-agent')).toEqual([]);
  }, 30_000);

  it("refuses a final result that breaks the schema with the SDK's own callTool words, mapped as the server's fault", async () => {
    const done = await forecastIn(await token('broken-agent'), 'broken');
    const expected = await sdkOwnRefusal();
    expect(expected).toMatch(/^Structured content does not match the tool's output schema: /);
    expect(done.result?.['isError']).toBe(true);
    expect(done.result?.['structuredContent']).toBeUndefined();
    const error = (done.result?.['_meta'] as Record<string, { code?: string; message?: string }> | undefined)?.['connected-services/error'];
    expect(error?.code).toBe('internal');
    expect(error?.message).toBe(`"weather" answered tool "forecast" with a result that breaks its own output schema: ${expected}`);
  }, 30_000);

  it('passes a valid structured result on as the server gave it', async () => {
    const done = await forecastIn(await token('kelvin-agent'), 'K');
    expect(done.result).toMatchObject({ structuredContent: { temp: 21, unit: 'K' }, content: [{ type: 'text', text: '{"temp":21,"unit":"K"}' }] });
    expect(done.result?.['isError']).not.toBe(true);
  }, 30_000);
});
