import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiOutput } from '../../shared/api';
import { everythingServer, memoryServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

type Found = ApiOutput<'findAgentTools'>;

async function find(home: string, args: string[]): Promise<Found> {
  const answer = await runCli(home, ['agents', 'find', ...args, '--json'], { timeoutMs: 60_000 });
  expect(answer.code, answer.stderr).toBe(0);
  return JSON.parse(answer.stdout) as Found;
}

async function addAgent(home: string, args: string[]): Promise<string> {
  const added = await runCli(home, ['agents', 'add', ...args]);
  expect(added.code, added.stderr).toBe(0);
  return /cs_agent_[A-Za-z0-9_-]+/.exec(added.stdout)?.[0] ?? '';
}

/** `agents find`: the person sees what an agent's search_tools answers, with no agent and with the app running. */
describe('agents find', () => {
  let home: string;
  let token = '';
  let watcherTools = 0;
  let watcherToken = '';

  beforeAll(async () => {
    home = tempHome('cs-agents-find-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer(), memory: memoryServer(join(home, 'memory.jsonl')) } }), { mode: 0o600 });
    for (const server of ['everything', 'memory']) {
      const approved = await runCli(home, ['servers', 'approve', server]);
      expect(approved.code, approved.stderr).toBe(0);
    }
    token = await addAgent(home, ['coder', '--servers', 'everything', '--tool-mode', 'search', '--policy', 'read=allow,write=ask,destructive=deny']);
    await addAgent(home, ['careful', '--servers', 'everything', '--tool-mode', 'search']);
    const denied = await runCli(home, ['agents', 'set', 'careful', '--tool', 'everything/get-sum=deny']);
    expect(denied.code, denied.stderr).toBe(0);
  }, 120_000);

  it('with no app running: the right tool first, by the name the agent calls it, its tier and whether a call asks; a denied tool never; nothing fits, naming its services', async () => {
    // The first search starts a server never listed, as `tools` does.
    const sum = await find(home, ['coder', 'add', 'two', 'numbers']);
    expect(sum.nothingFits).toBe(false);
    expect(sum.tools[0]).toEqual({ name: 'everything__get-sum', server: 'everything', tool: 'get-sum', title: 'Get Sum Tool', tier: 'read' });
    expect(sum.tools.every((t) => t.server === 'everything')).toBe(true);

    const sampling = await find(home, ['coder', 'ask', 'the', 'client', 'model', 'for', 'a', 'sampling', 'request']);
    expect(sampling.tools.find((t) => t.tool === 'trigger-sampling-request')).toMatchObject({ tier: 'write', approval: 'asked' });

    const careful = await find(home, ['careful', 'add', 'two', 'numbers', '--limit', '20']);
    expect(careful.tools.map((t) => t.tool)).not.toContain('get-sum');

    const none = await find(home, ['coder', 'qwzx', 'flarp', 'vrumble']);
    expect(none).toEqual({ tools: [], nothingFits: true, left: 0, services: ['everything'], searchesNow: true });

    const text = await runCli(home, ['agents', 'find', 'coder', 'echo', '--server', 'memory']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('coder does not search the service "memory"');
    expect(text.stdout).toContain('The services it may search: everything.');
  }, 120_000);

  it('says whether an agent outside search mode searches now, and not of one in search mode', async () => {
    await addAgent(home, ['lister', '--servers', 'everything']);
    const lister = await runCli(home, ['agents', 'find', 'lister', 'add', 'two', 'numbers']);
    expect(lister.code, lister.stderr).toBe(0);
    expect(lister.stdout).toContain('everything__get-sum');
    expect(lister.stderr).toContain('note: lister lists every tool it may call now (tool mode all), so it does not search: this is what a search would find. `agents set "lister" --tool-mode search` makes it search always.');

    // An auto agent under its bounds lists its tools: said with their count and size, which the bridge's listing confirms below.
    watcherToken = await addAgent(home, ['watcher', '--servers', 'everything,memory', '--tool-mode', 'auto']);
    const watcher = await runCli(home, ['agents', 'find', 'watcher', 'add', 'two', 'numbers']);
    expect(watcher.code, watcher.stderr).toBe(0);
    const said = /note: watcher lists its tools now \((\d+) tools, about [\d,]+ tokens\), so it does not search: tool mode auto searches once they pass 40 tools or about 12,000 tokens\./.exec(watcher.stderr);
    expect(said, watcher.stderr).not.toBeNull();
    watcherTools = Number(said?.[1]);
    expect(watcherTools).toBeGreaterThan(10);
    expect(await find(home, ['watcher', 'add', 'two', 'numbers'])).toMatchObject({ searchesNow: false });
    // And `agents list` says the same of it.
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain(`watcher lists its tools, or search_tools and call tools once they pass a size (tool mode auto): it lists them now (${watcherTools} tools, about `);

    const coder = await runCli(home, ['agents', 'find', 'coder', 'add', 'two', 'numbers']);
    expect(coder.stderr).not.toContain('note:');
    const coderJson = await find(home, ['coder', 'add', 'two', 'numbers']);
    expect(coderJson.searchesNow).toBe(true);
    expect(coderJson.listingNow).toBeUndefined();
  }, 90_000);

  it('refuses a bad limit, a missing need and an unknown agent with what to do', async () => {
    const limit = await runCli(home, ['agents', 'find', 'coder', 'echo', '--limit', '0']);
    expect(limit.code).not.toBe(0);
    expect(limit.stderr).toContain('--limit takes a whole number from 1 to 20, not "0"');
    const missing = await runCli(home, ['agents', 'find', 'coder']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("missing required argument 'need'");
    const blank = await runCli(home, ['agents', 'find', 'coder', '  ']);
    expect(blank.code).not.toBe(0);
    expect(blank.stderr).toContain('The need is empty: say in words what the agent needs to do.');
    const long = await runCli(home, ['agents', 'find', 'coder', 'x'.repeat(600)]);
    expect(long.code).not.toBe(0);
    expect(long.stderr).toContain('The need is 600 characters; search_tools takes at most 500.');
    const unknown = await runCli(home, ['agents', 'find', 'nobody', 'echo']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No agent named "nobody"');
  }, 60_000);

  describe('with the app running', () => {
    let served: Served;
    beforeAll(async () => {
      served = await startServe(home);
    }, 60_000);
    afterAll(async () => {
      await served?.stop();
    });

    it("answers as the agent's own search_tools does through the bridge, after the agent's calls", async () => {
      const client = new Client({ name: 'coder', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      const agentSearch = async (need: string): Promise<{ names: string[]; nothingFits: boolean }> => {
        const searched = await client.callTool({ name: 'search_tools', arguments: { query: need, limit: 8 } });
        const answer = JSON.parse((searched.content as Array<{ text: string }>)[0]?.text ?? '') as { tools: Array<{ name: string }>; nothingFits?: string };
        return { names: answer.tools.map((t) => t.name), nothingFits: answer.nothingFits !== undefined };
      };
      const personSearch = async (need: string): Promise<{ names: string[]; nothingFits: boolean }> => {
        const answer = (await served.api('findAgentTools', { agent: 'coder', need, limit: 8 })).body.result as Found;
        return { names: answer.tools.map((t) => t.name), nothingFits: answer.nothingFits };
      };
      try {
        const need = 'show a message';
        // What the agent used before counts in both (issue #32): one ranking, from the running bridge.
        const called = await client.callTool({ name: 'call_read_tool', arguments: { name: 'everything__get-annotated-message', arguments: { messageType: 'success' } } });
        expect(called.isError, JSON.stringify(called)).not.toBe(true);
        const agentSees = await agentSearch(need);
        expect(agentSees.names[0]).toBe('everything__get-annotated-message');
        expect(agentSees.names.length).toBeGreaterThan(3);
        expect(await personSearch(need)).toEqual(agentSees);
        const cli = await find(home, ['coder', ...need.split(' '), '--limit', '8']);
        expect(cli.tools.map((t) => t.name)).toEqual(agentSees.names);
      } finally {
        await client.close();
      }
    }, 90_000);

    it('says of an auto agent what its own listing through the bridge shows: its tools, no search_tools', async () => {
      expect(watcherTools).toBeGreaterThan(10);
      const client = new Client({ name: 'watcher', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${watcherToken}` } } }));
      try {
        const listed = (await client.listTools()).tools.map((t) => t.name);
        expect(listed).not.toContain('search_tools');
        expect(listed).toHaveLength(watcherTools);
        const answer = (await served.api('findAgentTools', { agent: 'watcher', need: 'add two numbers' })).body.result as Found;
        expect(answer.searchesNow).toBe(false);
        expect(answer.listingNow).toContain(`watcher lists its tools now (${watcherTools} tools, about `);
        const view = ((await served.api('listAgents', {})).body.result as ApiOutput<'listAgents'>).find((a) => a.name === 'watcher');
        expect(view?.autoListing).toMatchObject({ searches: false, tools: watcherTools });
      } finally {
        await client.close();
      }
    }, 60_000);

    it('refuses a need of only spaces, or past 500 characters, through the App API', async () => {
      const blank = await served.api('findAgentTools', { agent: 'coder', need: '   ' });
      expect(blank.status).toBe(400);
      const long = await served.api('findAgentTools', { agent: 'coder', need: 'x'.repeat(501) });
      expect(long.status).toBe(400);
    }, 30_000);
  });
});
