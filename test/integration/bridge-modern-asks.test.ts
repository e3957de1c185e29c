import type { CreateMessageRequestParams, ElicitRequestParams } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingAsk } from '../../shared/api';
import { tempHome } from '../support/cli';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { messageOf, MODERN, modernToolCall } from '../support/modern-raw';
import { eventually, startServe, type Served } from '../support/serve';

// Issue #30 item 4: a legacy server's requests during a 2026-07-28 agent's call reach that agent as
// `input_required` rounds (MCP 2026-07-28 basic/patterns/mrtr), through the same routing as a legacy
// agent's: the agent where its settings and client allow, the person first for sampling.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

interface Capable extends ModernAgent {
  elicited: ElicitRequestParams[];
  sampled: CreateMessageRequestParams[];
}

let served: Served;
const agents: ModernAgent[] = [];

beforeAll(async () => {
  served = await startServe(tempHome());
  expect((await served.api('connect', { name: 'everything' })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  for (const agent of agents) await agent.close();
  await served.stop();
});

async function tokenFor(name: string): Promise<string> {
  const added = await served.api('addAgent', { name, servers: ['everything'], policy: ALLOW_ALL });
  return (added.body.result as { token: string }).token;
}

/** An SDK v2 client pinned to 2026-07-28 that declares elicitation and sampling and answers as its person and model would. */
async function capableAgent(name: string): Promise<Capable> {
  const modern = await connectModernAgent(served.bridge ?? '', await tokenFor(name), { pin: MODERN }, { capabilities: { elicitation: { form: {} }, sampling: {} } });
  const agent: Capable = { ...modern, elicited: [], sampled: [] };
  modern.client.setRequestHandler('elicitation/create', (request) => {
    agent.elicited.push(request.params);
    return { action: 'accept', content: { name: `${name}'s person`, integer: 12 } };
  });
  modern.client.setRequestHandler('sampling/createMessage', (request) => {
    agent.sampled.push(request.params);
    return { role: 'assistant', model: `${name}-model`, content: { type: 'text', text: `completion by ${name}` } };
  });
  agents.push(modern);
  return agent;
}

async function audit(agent: string): Promise<AuditEntry[]> {
  return (await served.api('readAudit', { agent })).body.result as AuditEntry[];
}

describe('a 2026-07-28 agent in front of a 2025-era stdio server (server-everything through serve)', () => {
  it('lists and echoes, and answers the server\'s elicitation in an input_required round, audited as answered by the agent', async () => {
    const agent = await capableAgent('modern-capable');
    expect(agent.client.getNegotiatedProtocolVersion()).toBe(MODERN);
    const names = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['everything__echo', 'everything__trigger-elicitation-request']));
    expect(textOf(await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } }))).toBe('Echo: hi');

    const elicited = textOf(await agent.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} }));
    expect(elicited).toContain("Name: modern-capable's person");
    expect(elicited).toContain('Favorite Integer: 12');
    expect(agent.elicited[0]?.message).toBe('Please provide inputs for the following fields:');
    expect(agent.statuses.every((s) => s < 500)).toBe(true);
    const entries = await audit('modern-capable');
    expect(entries.find((e) => e.kind === 'elicitation')).toMatchObject({ answer: 'accept', answeredBy: 'agent', server: 'everything' });
    expect(entries.find((e) => e.tool === 'trigger-elicitation-request' && e.kind === 'tool')).toMatchObject({ outcome: 'ok' });
  });

  it("an accepted form that does not fit the server's schema does not reach the server as given", async () => {
    const misfit = await connectModernAgent(served.bridge ?? '', await tokenFor('modern-misfit'), { pin: MODERN }, { capabilities: { elicitation: { form: {} } } });
    agents.push(misfit);
    misfit.client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { integer: 'many' } }));
    const result = await misfit.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} }).catch((error: unknown) => error);
    const said = result instanceof Error ? result.message : textOf(result);
    expect(said).toMatch(/does not match requested schema/);
    expect(said).not.toContain('Favorite Integer: many');
    expect(misfit.statuses.every((s) => s < 500)).toBe(true);
  });

  it('sampling waits for the person first, then goes to the agent in a round', async () => {
    const agent = await capableAgent('modern-sampler');
    const sampling = agent.client.callTool({ name: 'everything__trigger-sampling-request', arguments: { prompt: 'say hi', maxTokens: 21 } });
    const approval = await eventually(async () => ((await served.api('listAsks')).body.result as PendingAsk[]).find((a) => a.kind === 'sampling' && a.agent === 'modern-sampler'));
    expect(approval.messages?.[0]?.text).toContain('say hi');
    expect(agent.sampled).toHaveLength(0);
    expect((await served.api('answerAsk', { id: approval.id, action: 'accept' })).status).toBe(200);
    expect(textOf(await sampling)).toContain('completion by modern-sampler');
    expect(agent.sampled[0]).toMatchObject({ maxTokens: 21 });
    expect((await audit('modern-sampler')).find((e) => e.kind === 'sampling')).toMatchObject({ answer: 'accept', answeredBy: 'agent' });
  });

  it('refuses a forged, replayed, re-aimed or other agent\'s requestState with -32602, never a 5xx', async () => {
    const port = Number(new URL(served.bridge ?? '').port);
    const alice = await tokenFor('state-alice');
    const bob = await tokenFor('state-bob');
    const call = { name: 'everything__trigger-elicitation-request', arguments: {} };
    const first = messageOf((await modernToolCall(port, alice, 1, call)).body);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const state = String(first.result?.['requestState']);
    const [key] = Object.keys(first.result?.['inputRequests'] ?? {});
    const inputResponses = { [String(key)]: { action: 'accept', content: { name: 'Ada', check: true } } };
    const forged = `${state.slice(0, -3)}${state.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const refusals = [
      await modernToolCall(port, alice, 2, { ...call, inputResponses, requestState: forged }),
      await modernToolCall(port, alice, 3, { ...call, inputResponses, requestState: 'eyJub3QiOiJvdXJzIn0' }),
      await modernToolCall(port, bob, 4, { ...call, inputResponses, requestState: state }),
      await modernToolCall(port, alice, 5, { name: 'everything__echo', arguments: { message: 'x' }, inputResponses, requestState: state }),
    ];
    const done = await modernToolCall(port, alice, 6, { ...call, inputResponses, requestState: state });
    expect(done.status).toBe(200);
    expect(JSON.stringify(messageOf(done.body).result)).toContain('Name: Ada');
    refusals.push(await modernToolCall(port, alice, 7, { ...call, inputResponses, requestState: state }));
    for (const refused of refusals) {
      expect(refused.status).toBeLessThan(500);
      expect(messageOf(refused.body).error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    }
  });
});
