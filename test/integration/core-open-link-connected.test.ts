import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import type { ResolvedAddress } from '../../electron/auth';
import type { FetchLike } from '../../electron/net';
import { listenStateless, type StatelessHttp } from '../fixtures/servers/stateless-http';
import { tableResolver } from '../support/auth-network';

// A link a server hands over is held to where the pool's connection to that server was made
// (electron/auth/server-peers.ts), not to what the server's name resolves to at the click. Two real
// SDK servers on 127.0.0.1 stand for a remote service (mcp.remote.test, 203.0.113.7 when connected)
// and an office one (mcp.office.test, 10.0.0.5): the core's injected resolver gives their names those
// answers, and its injected fetch carries their origins to 127.0.0.1. Nothing leaves this computer.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LINK_PAGE = 'Its console: http://127.0.0.1:8080/admin';

/** An MCP server over Streamable HTTP (the SDK's own) with one tool whose description holds a link. */
async function linkServer(): Promise<StatelessHttp> {
  const tools = [{ name: 'links', description: LINK_PAGE, inputSchema: { type: 'object' as const, properties: {} } }];
  const listening = await listenStateless(() => {
    const server = new Server({ name: 'link-http', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, () => ({ content: [{ type: 'resource_link', name: 'console', uri: 'http://127.0.0.1:8080/admin' }] }));
    return server;
  }, true);
  cleanups.push(() => listening.close());
  return listening;
}

/** Carries each origin's requests to its server on 127.0.0.1; any other is refused. */
function networkTo(routes: Record<string, StatelessHttp>): FetchLike {
  return (input, init) => {
    const url = String(input);
    for (const [origin, server] of Object.entries(routes)) {
      if (url.startsWith(origin)) return globalThis.fetch(`${new URL(server.url).origin}${url.slice(origin.length)}`, init);
    }
    return Promise.reject(new Error(`the test network has no ${new URL(url).host}`));
  };
}

async function openCore() {
  const remote = await linkServer();
  const office = await linkServer();
  // What mcp.remote.test's DNS answers: its public address until the test rebinds it to this computer.
  const dns = { remote: ['203.0.113.7'] };
  const table = tableResolver({ 'mcp.office.test': [['10.0.0.5']], 'wiki.office.test': [['10.0.0.7']], 'docs.example.test': [['203.0.113.8']] });
  const remoteAsked: string[] = [];
  const resolver = (hostname: string, options: { all: true }): Promise<readonly ResolvedAddress[]> => {
    if (hostname !== 'mcp.remote.test') return table(hostname, options);
    remoteAsked.push(dns.remote.join(','));
    return Promise.resolve(dns.remote.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  const opened: string[] = [];
  const core: Core = await createCore({
    dataDir: join(mkdtempSync(join(tmpdir(), 'cs-open-link-connected-')), 'home'),
    demo: false,
    vaultProvider: 'memory',
    opener: (url) => Promise.resolve(void opened.push(url)),
    network: { resolver, fetch: networkTo({ 'https://mcp.remote.test': remote, 'https://mcp.office.test': office }) },
  });
  cleanups.push(() => core.close());
  await core.api.addServer({ name: 'remote', config: { type: 'http', url: 'https://mcp.remote.test/mcp' } });
  await core.api.addServer({ name: 'office', config: { type: 'http', url: 'https://mcp.office.test/mcp' } });
  return { api: core.api, opened, dns, remoteAsked };
}

describe('core: openLink judges a server by the address its connection was made to', () => {
  it('a remote server that answers 127.0.0.1 once connected cannot have a link to this computer or its network opened', async () => {
    const { api, opened, dns, remoteAsked } = await openCore();
    expect((await api.connect({ name: 'remote' })).state).toBe('ready');
    expect(remoteAsked).toEqual(['203.0.113.7']);
    // Its DNS now says the server is on this computer (and would for every lookup from now on).
    dns.remote = ['127.0.0.1'];
    for (const url of ['http://127.0.0.1:8080/admin', 'http://admin.localhost:8080/', 'https://wiki.office.test/page']) {
      await expect(api.openLink({ url, server: 'remote' }), url).rejects.toMatchObject({ code: 'denied', message: expect.stringMatching(/^This link was not opened: .*(this computer|a private network)/) as string });
    }
    // The live connection still goes where it was made: a call is answered without the name asked again.
    const result = await api.callTool({ server: 'remote', tool: 'links', arguments: {} });
    expect(result.isError).not.toBe(true);
    expect(remoteAsked).toEqual(['203.0.113.7']);
    await expect(api.openLink({ url: 'http://127.0.0.1:8080/admin', server: 'remote' })).rejects.toMatchObject({ code: 'denied' });
    // Stopped, the server is still judged by the answer its connection was made to.
    await api.stopServer({ name: 'remote' });
    await expect(api.openLink({ url: 'http://127.0.0.1:8080/admin', server: 'remote' })).rejects.toMatchObject({ code: 'denied' });
    await api.openLink({ url: 'https://docs.example.test/guide', server: 'remote' });
    expect(opened).toEqual(['https://docs.example.test/guide']);
  }, 60_000);

  it('a server connected on the office network may link into it; before it connected, it was held to public addresses', async () => {
    const { api, opened } = await openCore();
    await expect(api.openLink({ url: 'https://wiki.office.test/page', server: 'office' })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('wiki.office.test resolves to 10.0.0.7') as string });
    expect((await api.connect({ name: 'office' })).state).toBe('ready');
    await api.openLink({ url: 'https://wiki.office.test/page', server: 'office' });
    expect(opened).toEqual(['https://wiki.office.test/page']);
    await expect(api.openLink({ url: 'http://127.0.0.1:8080/admin', server: 'office' })).rejects.toMatchObject({ code: 'denied' });
  }, 60_000);
});
