import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema, type CreateMessageRequest, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingAsk } from '../../shared/api';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

interface Agent {
  client: Client;
  elicited: ElicitRequest['params'][];
  sampled: CreateMessageRequest['params'][];
}

/** An unmodified SDK client; `capable` declares elicitation and sampling and answers them as its own person and model would. */
async function agent(served: Served, name: string, capable: boolean): Promise<Agent> {
  const added = await served.api('addAgent', { name, servers: ['everything'], policy: ALLOW_ALL });
  const { token } = added.body.result as { token: string };
  const client = new Client({ name, version: '1.0.0' }, { capabilities: capable ? { elicitation: { form: {} }, sampling: {} } : {} });
  const elicited: ElicitRequest['params'][] = [];
  const sampled: CreateMessageRequest['params'][] = [];
  if (capable) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicited.push(request.params);
      return { action: 'accept', content: { name: `${name}'s person`, integer: 12 } };
    });
    client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      sampled.push(request.params);
      return { role: 'assistant', model: `${name}-model`, content: { type: 'text', text: `completion by ${name}` } };
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return { client, elicited, sampled };
}

const textOf = (result: unknown): string =>
  ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

async function waitingAsk(served: Served, match: (ask: PendingAsk) => boolean): Promise<PendingAsk> {
  return eventually(async () => ((await served.api('listAsks')).body.result as PendingAsk[]).find(match));
}

describe('servers that ask back, through serve\'s bridge (server-everything)', () => {
  let served: Served;
  let home: string;
  const agents: Agent[] = [];
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
    // The first run's inventory is fetched with the pool's capabilities declared.
    expect((await served.api('connect', { name: 'everything' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const a of agents) await a.client.close();
    await served.stop();
  });

  it('a client that declares elicitation and sampling: both reach it, related to its call; values round-trip', async () => {
    const capable = await agent(served, 'capable', true);
    agents.push(capable);
    const names = (await capable.client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['everything__trigger-elicitation-request', 'everything__trigger-sampling-request']));

    const elicited = await capable.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
    expect(textOf(elicited)).toContain("Name: capable's person");
    expect(textOf(elicited)).toContain('Favorite Integer: 12');
    expect(capable.elicited[0]?.message).toBe('Please provide inputs for the following fields:');

    // Sampling waits for the person's approval, which shows the messages.
    const sampling = capable.client.callTool({ name: 'everything__trigger-sampling-request', arguments: { prompt: 'say hi', maxTokens: 21 } });
    const approval = await waitingAsk(served, (a) => a.kind === 'sampling' && a.agent === 'capable');
    expect(approval.messages?.[0]?.text).toContain('say hi');
    expect(approval.maxTokens).toBe(21);
    expect(capable.sampled).toHaveLength(0);
    expect((await served.api('answerAsk', { id: approval.id, action: 'accept' })).status).toBe(200);
    expect(textOf(await sampling)).toContain('completion by capable');
    expect(capable.sampled[0]).toMatchObject({ systemPrompt: 'You are a helpful test server.', maxTokens: 21 });

    const audit = (await served.api('readAudit', { agent: 'capable' })).body.result as AuditEntry[];
    expect(audit.find((e) => e.kind === 'elicitation')).toMatchObject({ answer: 'accept', answeredBy: 'agent', server: 'everything' });
    expect(audit.find((e) => e.kind === 'sampling')).toMatchObject({ answer: 'accept', answeredBy: 'agent' });
    expect(JSON.stringify(audit)).not.toContain("capable's person");
  });

  it("an agent's form answer that does not fit the requested schema does not reach the server as given", async () => {
    const added = await served.api('addAgent', { name: 'misfit', servers: ['everything'], policy: ALLOW_ALL });
    const { token } = added.body.result as { token: string };
    const client = new Client({ name: 'misfit', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { integer: 'many' } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    agents.push({ client, elicited: [], sampled: [] });
    const result = await client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} }).catch((error: unknown) => error);
    const said = result instanceof Error ? result.message : textOf(result);
    expect(said).toMatch(/does not match requested schema/);
    expect(said).not.toContain('Favorite Integer: many');
  });

  it('a client that declares neither: elicitation reaches the person through the App API; sampling is declined with a reason', async () => {
    const plain = await agent(served, 'plain', false);
    agents.push(plain);
    const call = plain.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
    const ask = await waitingAsk(served, (a) => a.kind === 'form' && a.agent === 'plain');
    expect(ask).toMatchObject({ server: 'everything', asker: 'agent "plain"', call: 'tool "trigger-elicitation-request"' });
    expect(ask.requestedSchema?.['required']).toEqual(['name']);
    // An answer that does not fit the form is refused; the request keeps waiting.
    expect((await served.api('answerAsk', { id: ask.id, action: 'accept', content: { integer: 'many' } })).body.error?.code).toBe('invalid_input');
    expect((await served.api('answerAsk', { id: ask.id, action: 'accept', content: { name: 'Grace', check: true } })).status).toBe(200);
    const result = textOf(await call);
    expect(result).toContain('Name: Grace');
    expect(result).toContain('Agreed to terms: true');

    const sampled = await plain.client.callTool({ name: 'everything__trigger-sampling-request', arguments: { prompt: 'hi' } });
    expect(sampled.isError).toBe(true);
    expect(textOf(sampled)).toContain('does not support sampling');
    const audit = (await served.api('readAudit', { agent: 'plain' })).body.result as AuditEntry[];
    expect(audit.find((e) => e.kind === 'elicitation')).toMatchObject({ answer: 'accept', answeredBy: 'person' });
    expect(audit.find((e) => e.kind === 'sampling')).toMatchObject({ answer: 'decline', answeredBy: 'nobody', outcome: 'denied' });
  });

  it("an agent whose settings deny elicitation (agents set --elicitation deny): its requests go to the person, though its client could take them", async () => {
    const capable = agents[0];
    if (!capable) throw new Error('the first test makes the capable agent');
    const set = await runCli(home, ['agents', 'set', 'capable', '--elicitation', 'deny', '--json']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ asks: { elicitation: 'deny', sampling: 'ask' } });
    const before = capable.elicited.length;
    const call = capable.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} });
    const ask = await waitingAsk(served, (a) => a.kind === 'form' && a.agent === 'capable');
    await served.api('answerAsk', { id: ask.id, action: 'decline' });
    expect(textOf(await call)).toContain('declined');
    expect(capable.elicited.length).toBe(before);
  });
});
