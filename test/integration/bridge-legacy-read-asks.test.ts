import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { ALLOW_ALL, BOTH_ERAS as SERVERS, promptText, readText, startAskingBridge } from '../support/asking-bridge';
import { connectAgent, firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// Issue #30 item 4, one routing for every request that may ask: a server's elicitation during a
// 2025-11-25 session's prompts/get and resources/read (and read_resource / get_prompt offered as
// tools) goes to that agent as elicitation/create on its session, as during its tools/call, and its
// answer reaches the server; with the agent's elicitation setting `deny` it goes to the person.
// Upstream: our conformance server (SDK v2) over stdio, once spoken to in the 2025 era (its requests
// come as server-to-client requests) and once in 2026-07-28 (they come as `input_required`, the pool
// answers them and retries). Each agent may use one of the two: both offer the same resource template.
const PROMPT = 'test_input_required_result_prompt';
const URI = 'test://input-required/weather';

let h: BridgeHarness;
const waiting = new WaitingAsks();
const audited: AuditEntry[] = [];
const agents: AgentClient[] = [];
/** The person: fills in every form that reaches the app, so a request wrongly routed there shows in the result. */
const person = waiting.on('pending', (ask) => {
  setImmediate(() => waiting.answer(ask.id, { action: 'accept', content: { context: 'from the person' } }));
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
  resourceTools?: boolean;
  elicitation?: 'allow' | 'deny';
  /** Whether its client declares elicitation (default yes). */
  declares?: boolean;
}

/** An SDK 1.x agent (a 2025-era client) that declares form elicitation and answers every form itself. */
async function agent(name: string, server: keyof typeof SERVERS, options: AgentOptions = {}): Promise<{ c: AgentClient; asked: string[] }> {
  const { token } = await h.bridge.agents.add(name, { servers: [server], policy: ALLOW_ALL, ...(options.resourceTools ? { resourceTools: true } : {}) });
  if (options.elicitation) await h.bridge.agents.update(name, { asks: { elicitation: options.elicitation } });
  const declares = options.declares !== false;
  const c = await connectAgent(h.bridge.url, token, name, declares ? { elicitation: { form: {} } } : {});
  agents.push(c);
  const asked: string[] = [];
  if (declares) c.client.setRequestHandler(ElicitRequestSchema, (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { context: `from ${name}` } };
  });
  return { c, asked };
}

function elicitationsOf(agentName: string): Pick<AuditEntry, 'answeredBy' | 'server'>[] {
  return audited.filter((e) => e.kind === 'elicitation' && e.agent === agentName).map((e) => ({ answeredBy: e.answeredBy, server: e.server }));
}

describe.each(['legacy', 'modern'] as const)("a 2025-era agent's prompts and reads of a %s server that asks", (server) => {
  it("prompts/get: the server's elicitation reaches the agent's handler and its answer makes the prompt", async () => {
    const name = `prompter-${server}`;
    const { c, asked } = await agent(name, server);
    const result = await c.client.getPrompt({ name: `${server}__${PROMPT}` });
    expect(promptText(result)).toBe(`Context: from ${name}`);
    expect(asked).toEqual(['What context should the prompt use?']);
    expect(elicitationsOf(name)).toEqual([{ answeredBy: 'agent', server }]);
  }, 30_000);

  it("resources/read: the server's elicitation reaches the agent's handler and its answer makes the contents", async () => {
    const name = `reader-${server}`;
    const { c, asked } = await agent(name, server);
    const result = await c.client.readResource({ uri: URI });
    expect(readText(result)).toBe(`Read with context: from ${name}`);
    expect(asked).toEqual(['What context should the read use?']);
    expect(elicitationsOf(name)).toEqual([{ answeredBy: 'agent', server }]);
  }, 30_000);

  it('read_resource and get_prompt as tools: the tools/call carries the asker to the read and the prompt', async () => {
    const name = `tools-only-${server}`;
    const { c, asked } = await agent(name, server, { resourceTools: true });
    const read = await c.client.callTool({ name: 'read_resource', arguments: { uri: URI } });
    expect(firstText(read)).toContain(`Read with context: from ${name}`);
    const prompt = await c.client.callTool({ name: 'get_prompt', arguments: { name: `${server}__${PROMPT}` } });
    expect(JSON.stringify(prompt.content)).toContain(`Context: from ${name}`);
    expect(asked).toEqual(['What context should the read use?', 'What context should the prompt use?']);
  }, 30_000);

  it("with the agent's elicitation setting `deny`, both go to the person, as for its tools/call", async () => {
    const name = `denier-${server}`;
    const { c, asked } = await agent(name, server, { elicitation: 'deny' });
    expect(promptText(await c.client.getPrompt({ name: `${server}__${PROMPT}` }))).toBe('Context: from the person');
    expect(readText(await c.client.readResource({ uri: URI }))).toBe('Read with context: from the person');
    expect(asked).toEqual([]);
    expect(elicitationsOf(name)).toEqual([
      { answeredBy: 'person', server },
      { answeredBy: 'person', server },
    ]);
  }, 30_000);

  it('with a client that declared no elicitation, both go to the person, as for its tools/call', async () => {
    const name = `formless-${server}`;
    const { c } = await agent(name, server, { declares: false });
    expect(promptText(await c.client.getPrompt({ name: `${server}__${PROMPT}` }))).toBe('Context: from the person');
    expect(readText(await c.client.readResource({ uri: URI }))).toBe('Read with context: from the person');
    expect(elicitationsOf(name)).toEqual([
      { answeredBy: 'person', server },
      { answeredBy: 'person', server },
    ]);
  }, 30_000);
});
