import { CreateMessageRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { ALLOW_ALL, BOTH_ERAS as SERVERS, promptText, readText, startAskingBridge } from '../support/asking-bridge';
import { connectAgent, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// Issue #30 items 2 and 4, one routing for every request that may ask: a server's sampling and roots
// requests during a 2025-11-25 session's prompts/get and resources/read are routed as during its
// tools/call. Sampling waits for the person's approval, then the agent's model answers on its
// session; roots come from the agent's client when it declared them and its settings allow it,
// otherwise none; with the agent's sampling setting `deny` the request is refused (nobody is asked).
// Upstream: our conformance server (SDK v2), once in the 2025 era (server-to-client requests) and
// once in 2026-07-28 (`input_required`, answered by the pool): its prompt and template ask both at once.
const PROMPT = 'input_required_model_prompt';
const URI = 'test://input-required-model/weather';

let h: BridgeHarness;
const waiting = new WaitingAsks();
const audited: AuditEntry[] = [];
const agents: AgentClient[] = [];
/** What happened, in order, per agent: the person's approvals and the agent's model and roots answers. */
const events = new Map<string, string[]>();
function note(agent: string, event: string): void {
  events.set(agent, [...(events.get(agent) ?? []), event]);
}
/** The person: approves every sampling request (and notes it), so one wrongly routed shows. */
const person = waiting.on('pending', (ask) => {
  note(ask.agent ?? '', `person approves ${ask.kind}`);
  setImmediate(() => waiting.answer(ask.id, { action: 'accept' }));
});

beforeAll(async () => {
  h = await startAskingBridge(SERVERS, waiting, audited);
}, 60_000);

afterAll(async () => {
  person();
  for (const agent of agents) await agent.close();
  await h.close();
});

interface AgentOptions {
  sampling?: 'ask' | 'deny';
  roots?: 'allow' | 'deny';
  /** Whether its client declares roots (default yes; sampling it always declares). */
  declaresRoots?: boolean;
}

/** An SDK 1.x agent (a 2025-era client) whose model answers sampling and whose client lists its roots. */
async function agent(name: string, server: keyof typeof SERVERS, options: AgentOptions = {}): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers: [server], policy: ALLOW_ALL });
  const asks = { ...(options.sampling ? { sampling: options.sampling } : {}), ...(options.roots ? { roots: options.roots } : {}) };
  if (Object.keys(asks).length > 0) await h.bridge.agents.update(name, { asks });
  const declaresRoots = options.declaresRoots !== false;
  const c = await connectAgent(h.bridge.url, token, name, { sampling: {}, ...(declaresRoots ? { roots: { listChanged: true } } : {}) });
  agents.push(c);
  c.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const content = request.params.messages[0]?.content;
    const asked = Array.isArray(content) ? content[0] : content;
    note(name, `model answers ${asked?.type === 'text' ? asked.text : '?'}`);
    return { role: 'assistant', content: { type: 'text', text: `summary by ${name}` }, model: 'test-model' };
  });
  if (declaresRoots) c.client.setRequestHandler(ListRootsRequestSchema, () => {
    note(name, 'client lists roots');
    return { roots: [{ uri: `file:///projects/${name}`, name }] };
  });
  return c;
}

function samplingsOf(agentName: string): Pick<AuditEntry, 'answer' | 'answeredBy' | 'server'>[] {
  return audited.filter((e) => e.kind === 'sampling' && e.agent === agentName).map((e) => ({ answer: e.answer, answeredBy: e.answeredBy, server: e.server }));
}

/** A copy of what happened for this agent so far. */
function eventsOf(agentName: string): string[] {
  return [...(events.get(agentName) ?? [])];
}

describe.each(['legacy', 'modern'] as const)("a 2025-era agent's prompts and reads of a %s server that asks for sampling and roots", (server) => {
  it("prompts/get and resources/read: the person approves the sampling, the agent's model and roots answer, the server gets both", async () => {
    const name = `modelled-${server}`;
    const c = await agent(name, server);
    const expected = `Model: summary by ${name}; Roots: file:///projects/${name}`;
    expect(promptText(await c.client.getPrompt({ name: `${server}__${PROMPT}` }))).toBe(expected);
    const afterPrompt = eventsOf(name);
    // Sampling waits for the person: their approval comes before the agent's model is asked.
    expect(afterPrompt.indexOf('person approves sampling')).toBeGreaterThanOrEqual(0);
    expect(afterPrompt.indexOf('person approves sampling')).toBeLessThan(afterPrompt.indexOf('model answers Summarise the topic'));
    expect([...afterPrompt].sort()).toEqual(['client lists roots', 'model answers Summarise the topic', 'person approves sampling']);
    expect(readText(await c.client.readResource({ uri: URI }))).toBe(expected);
    expect(eventsOf(name).slice(3).sort()).toEqual(['client lists roots', 'model answers Summarise the topic', 'person approves sampling']);
    expect(samplingsOf(name)).toEqual([
      { answer: 'accept', answeredBy: 'agent', server },
      { answer: 'accept', answeredBy: 'agent', server },
    ]);
  }, 30_000);

  it("with the agent's roots setting `deny`: the server gets no roots and the client is not asked; sampling still reaches its model", async () => {
    const name = `rootless-${server}`;
    const c = await agent(name, server, { roots: 'deny' });
    const expected = `Model: summary by ${name}; Roots: none`;
    expect(promptText(await c.client.getPrompt({ name: `${server}__${PROMPT}` }))).toBe(expected);
    expect(readText(await c.client.readResource({ uri: URI }))).toBe(expected);
    expect(eventsOf(name)).not.toContain('client lists roots');
    expect(eventsOf(name).filter((e) => e.startsWith('model answers'))).toHaveLength(2);
  }, 30_000);

  it('with a client that declared no roots: the server gets none', async () => {
    const name = `undeclared-roots-${server}`;
    const c = await agent(name, server, { declaresRoots: false });
    expect(promptText(await c.client.getPrompt({ name: `${server}__${PROMPT}` }))).toBe(`Model: summary by ${name}; Roots: none`);
    expect(readText(await c.client.readResource({ uri: URI }))).toBe(`Model: summary by ${name}; Roots: none`);
  }, 30_000);

  it("with the agent's sampling setting `deny`: refused for the prompt and the read, neither the person nor the model asked", async () => {
    const name = `unsampled-${server}`;
    const c = await agent(name, server, { sampling: 'deny' });
    await expect(c.client.getPrompt({ name: `${server}__${PROMPT}` })).rejects.toThrow();
    await expect(c.client.readResource({ uri: URI })).rejects.toThrow();
    expect(eventsOf(name).filter((e) => e !== 'client lists roots')).toEqual([]);
    expect(samplingsOf(name)).toEqual([
      { answer: 'decline', answeredBy: 'nobody', server },
      { answer: 'decline', answeredBy: 'nobody', server },
    ]);
  }, 30_000);
});
