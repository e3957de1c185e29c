import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

/**
 * Issue #30 item 4: where a server's entry names no roots, its roots/list during an agent's call goes
 * to that agent's client when the client declared roots and the agent's settings allow it; else the
 * answer is an empty list; configured roots always win.
 */
describe("roots during an agent's call (our asking server through serve)", () => {
  let served: Served;
  const clients: Client[] = [];
  beforeAll(async () => {
    served = await startServe(tempHome());
    expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
    expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) await client.close();
    await served.stop();
  });

  async function agentClient(name: string, roots: string[] | undefined): Promise<Client> {
    const added = await served.api('addAgent', { name, servers: ['asking'], policy: ALLOW_ALL });
    const { token } = added.body.result as { token: string };
    const client = new Client({ name, version: '1.0.0' }, { capabilities: roots ? { roots: { listChanged: true } } : {} });
    if (roots) client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((uri) => ({ uri })) }));
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  it("gives the agent's own roots where the entry names none, and none when its settings say deny", async () => {
    const agent = await agentClient('with-roots', ['file:///home/me/project']);
    const first = textOf(await agent.callTool({ name: 'asking__ask-roots', arguments: {} }));
    expect(first, first).toBe('["file:///home/me/project"]');
    expect((await served.api('updateAgent', { name: 'with-roots', asks: { roots: 'deny' } })).status).toBe(200);
    expect(textOf(await agent.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('[]');
  });

  it('answers none to a client that declared no roots, or whose answer is no list of file:// roots', async () => {
    const agent = await agentClient('no-roots', undefined);
    expect(textOf(await agent.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('[]');
    const odd = await agentClient('odd-roots', ['https://not-a-folder.example/']);
    expect(textOf(await odd.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('[]');
  });

  it("answers the entry's configured roots, whoever calls", async () => {
    const agent = await agentClient('configured', ['file:///home/me/project']);
    expect((await served.api('updateServer', { name: 'asking', config: { ...askingServer(), roots: ['/srv/data'] } })).status).toBe(200);
    expect(textOf(await agent.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('["file:///srv/data"]');
  });
});
