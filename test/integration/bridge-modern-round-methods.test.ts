import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { ALLOW_ALL, conformanceServer, startAskingBridge } from '../support/asking-bridge';
import { type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { messageOf, MODERN, modernRequest } from '../support/modern-raw';

// Issue #30 items 2 and 4, the rounds beyond tools/call (MCP 2026-07-28 basic/patterns/mrtr): a
// server's requests during prompts/get and resources/read reach a 2026-07-28 agent as
// `input_required` rounds; requests the server sends at once come in one round, sampling with them
// once the person approved it; only what the agent's request declared is put to it. Upstream is our
// conformance server (SDK v2, spoken to in the 2025 era over stdio, so its `input_required` results
// cross as requests), routed by the app's own router.
const ALL_CAPABILITIES = { elicitation: { form: {} }, sampling: {}, roots: { listChanged: true } };

let h: BridgeHarness;
const waiting = new WaitingAsks();
const agents: ModernAgent[] = [];
/** The person: approves every sampling request, as a click on Allow would. */
const approving = waiting.on('pending', (ask) => {
  if (ask.kind === 'sampling') setImmediate(() => waiting.answer(ask.id, { action: 'accept' }));
});

beforeAll(async () => {
  h = await startAskingBridge({ conf: conformanceServer() }, waiting);
}, 60_000);

afterAll(async () => {
  approving();
  for (const agent of agents) await agent.close();
  await h.close();
});

async function token(name: string): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL })).token;
}

type Message = { result?: Record<string, unknown>; error?: { code: number; message: string } };

/** One raw 2026-07-28 request with the envelope declaring `capabilities`. */
async function raw(tokenOf: string, method: string, name: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = ALL_CAPABILITIES): Promise<Message> {
  const response = await modernRequest(h.bridge.port, tokenOf, method, name, params, capabilities);
  expect(response.status).toBeLessThan(500);
  return messageOf(response.body);
}

type Requests = Record<string, { method: string; params?: Record<string, unknown> }>;

describe('input_required rounds of 2026-07-28 agents beyond tools/call', () => {
  it('prompts/get: the server\'s elicitation comes as a round, the retry\'s answer makes the prompt', async () => {
    const tokenOf = await token('prompting');
    const first = await raw(tokenOf, 'prompts/get', 'conf__test_input_required_result_prompt', { name: 'conf__test_input_required_result_prompt' });
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const requests = first.result?.['inputRequests'] as Requests;
    const [key, request] = Object.entries(requests)[0] ?? [];
    expect(request?.method).toBe('elicitation/create');
    const done = await raw(tokenOf, 'prompts/get', 'conf__test_input_required_result_prompt', {
      name: 'conf__test_input_required_result_prompt',
      inputResponses: { [key ?? '']: { action: 'accept', content: { context: 'from the agent' } } },
      requestState: first.result?.['requestState'],
    });
    expect(done.result?.['messages']).toEqual([{ role: 'user', content: { type: 'text', text: 'Context: from the agent' } }]);
    // A state made for prompts/get does not open a tools/call, nor a second time.
    const again = await raw(tokenOf, 'prompts/get', 'conf__test_input_required_result_prompt', { name: 'conf__test_input_required_result_prompt', inputResponses: {}, requestState: first.result?.['requestState'] });
    expect(again.error?.code).toBe(-32602);
  });

  it('resources/read through an SDK v2 client: its elicitation handler answers the round, the read completes', async () => {
    const agent = await connectModernAgent(h.bridge.url, await token('reading'), { pin: MODERN }, { capabilities: { elicitation: { form: {} } } });
    agents.push(agent);
    const asked: string[] = [];
    agent.client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { context: 'read by the agent' } };
    });
    const read = await agent.client.readResource({ uri: 'test://input-required/weather' });
    expect(read.contents).toEqual([{ uri: 'test://input-required/weather', mimeType: 'text/plain', text: 'Read with context: read by the agent' }]);
    expect(asked).toEqual(['What context should the read use?']);
  });

  it('read_resource as a tool: its tools/call carries the rounds to the read, the agent answers them', async () => {
    const { token: tokenOf } = await h.bridge.agents.add('tools-only', { servers: ['*'], policy: ALLOW_ALL, resourceTools: true });
    const agent = await connectModernAgent(h.bridge.url, tokenOf, { pin: MODERN }, { capabilities: { elicitation: { form: {} } } });
    agents.push(agent);
    const asked: string[] = [];
    agent.client.setRequestHandler('elicitation/create', (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { context: 'read as a tool' } };
    });
    const read = await agent.client.callTool({ name: 'read_resource', arguments: { uri: 'test://input-required/weather' } });
    expect(read.content).toEqual([{ type: 'text', text: 'Read with context: read as a tool' }]);
    expect(asked).toEqual(['What context should the read use?']);
  });

  it('three requests the server sends at once come in one round, sampling with them after the person\'s approval', async () => {
    const tokenOf = await token('gathering');
    const tool = 'conf__test_input_required_result_multiple_inputs';
    const first = await raw(tokenOf, 'tools/call', tool, { name: tool, arguments: {} });
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const requests = first.result?.['inputRequests'] as Requests;
    expect(Object.values(requests).map((r) => r.method).sort()).toEqual(['elicitation/create', 'roots/list', 'sampling/createMessage']);
    const answers: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(requests)) {
      if (request.method === 'elicitation/create') answers[key] = { action: 'accept', content: { name: 'Alice' } };
      else if (request.method === 'sampling/createMessage') answers[key] = { role: 'assistant', model: 'm', content: { type: 'text', text: 'Hello there!' }, stopReason: 'endTurn' };
      else answers[key] = { roots: [{ uri: 'file:///test/root' }] };
    }
    const done = await raw(tokenOf, 'tools/call', tool, { name: tool, arguments: {}, inputResponses: answers, requestState: first.result?.['requestState'] });
    expect(done.result?.['content']).toEqual([{ type: 'text', text: 'all three answered' }]);
  });

  // Last: the elicitation it leaves with the person is still waiting when the test ends.
  it('an agent that declared sampling only is put only sampling; the server\'s elicitation goes to the person', async () => {
    const tokenOf = await token('samples-only');
    const tool = 'conf__test_input_required_result_capabilities';
    const first = await raw(tokenOf, 'tools/call', tool, { name: tool, arguments: {} }, { sampling: {} });
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    expect(Object.values(first.result?.['inputRequests'] as Requests).map((r) => r.method)).toEqual(['sampling/createMessage']);
    await expect.poll(() => waiting.list().filter((ask) => ask.agent === 'samples-only').map((ask) => ask.kind), { timeout: 15_000 }).toEqual(['form']);
    for (const ask of waiting.list()) waiting.answer(ask.id, { action: 'decline' });
  });
});
