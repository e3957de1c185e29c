import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../shared/api';
import { tempHome } from '../support/cli';
import { everythingOverHttp } from '../support/everything-http';
import { startServe, type Served } from '../support/serve';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

interface Agent {
  name: string;
  favourite: number;
  client: Client;
  elicited: ElicitRequest['params'][];
}

describe('two agents calling one Streamable HTTP server at once, through serve\'s bridge (server-everything)', () => {
  let served: Served;
  let everything: ChildProcess | undefined;
  const agents: Agent[] = [];
  beforeAll(async () => {
    const server = await everythingOverHttp();
    everything = server.child;
    served = await startServe(tempHome());
    const added = await served.api('addServer', { name: 'remote', config: { type: 'http', url: server.url } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // Listed once with the pool's capabilities, then stopped: the agents' calls start it again.
    expect((await served.api('listTools', { server: 'remote' })).status).toBe(200);
    expect((await served.api('stopServer', { name: 'remote' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const a of agents) await a.client.close();
    await served.stop();
    everything?.kill();
  });

  it('each agent gets exactly its own request, on its own call, and its call shows its own answer', async () => {
    let bothAsked = (): void => undefined;
    const both = new Promise<void>((resolve) => (bothAsked = resolve));
    for (const [name, favourite] of [['north', 11], ['south', 22]] as const) {
      const added = await served.api('addAgent', { name, servers: ['remote'], policy: ALLOW_ALL });
      const { token } = added.body.result as { token: string };
      // An unmodified SDK client declaring elicitation, as an agent's would.
      const client = new Client({ name, version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
      const agent: Agent = { name, favourite, client, elicited: [] };
      client.setRequestHandler(ElicitRequestSchema, async (request) => {
        agent.elicited.push(request.params);
        if (agents.every((a) => a.elicited.length > 0)) bothAsked();
        // No answer before both requests wait: so both calls run while each request is routed.
        await Promise.race([both, new Promise((r) => setTimeout(r, 10_000))]);
        return { action: 'accept', content: { name: `${name}'s person`, integer: favourite } };
      });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      agents.push(agent);
    }

    let settled = false;
    const calls = Promise.all(agents.map((a) => a.client.callTool({ name: 'remote__trigger-elicitation-request', arguments: {} })));
    void calls.finally(() => (settled = true));
    // A request that reached the person instead is recorded and declined, so the calls end.
    const toPerson: PendingAsk[] = [];
    while (!settled) {
      for (const ask of (await served.api('listAsks')).body.result as PendingAsk[]) {
        toPerson.push(ask);
        await served.api('answerAsk', { id: ask.id, action: 'decline' });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const texts = (await calls).map(textOf);

    expect(toPerson).toEqual([]);
    for (const [i, a] of agents.entries()) {
      expect(a.elicited).toHaveLength(1);
      expect(a.elicited[0]?.message).toBe('Please provide inputs for the following fields:');
      expect(texts[i]).toContain(`Name: ${a.name}'s person`);
      expect(texts[i]).toContain(`Favorite Integer: ${a.favourite}`);
    }
  });
});
