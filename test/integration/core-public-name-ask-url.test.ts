import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { networkOf, tableResolver } from '../support/auth-network';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { startRelatedAsksHttp, type RelatedAsksHttp } from '../support/related-asks-http';

// Through the real core: a service configured by a public host name asks the person to open a URL
// (MCP URL-mode elicitation) whose host name resolves to this computer or a private network. Names
// are answered by the core's injected resolver; the service's own is carried by the test network to
// its fixture on 127.0.0.1.

const ORIGIN = 'https://asks.example.test';
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

let core: Core | undefined;
let fixture: RelatedAsksHttp | undefined;
let agent: AgentClient | undefined;
afterEach(async () => {
  await agent?.close();
  await core?.close();
  fixture?.stop();
});

const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const LOCAL_WHY = 'admin.example.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer';
const PRIVATE_WHY = 'router.example.test resolves to 10.0.0.7: it points at a private network, and the MCP server is not on one';

/** The real core, its bridge on a free port, with the service "remote" at ORIGIN (its fixture on 127.0.0.1). */
async function openCore() {
  fixture = await startRelatedAsksHttp();
  const port = Number(new URL(fixture.config.url).port);
  const network = networkOf(ORIGIN, () => port);
  const resolver = tableResolver({
    'asks.example.test': [['203.0.113.7']],
    'admin.example.test': [['127.0.0.1']],
    'router.example.test': [['203.0.113.8', '10.0.0.7']],
    'pay.example.test': [['203.0.113.9']],
  });
  const opened: string[] = [];
  core = await createCore({
    dataDir: join(mkdtempSync(join(tmpdir(), 'cs-ask-url-')), 'home'),
    demo: false,
    env: { ASKS_KEY: 'ask-url-test-key' },
    vaultProvider: 'memory',
    opener: (url) => Promise.resolve(void opened.push(url)),
    network: { resolver, fetch: network },
    bridge: { port: 0, required: true },
  });
  // An API key: the service's requests go through the core's resolver and network (auth fetchFor).
  const config = { type: 'http' as const, url: `${ORIGIN}/mcp`, auth: { type: 'api_key' as const, key: '${env:ASKS_KEY}' } };
  const { commandLine } = await core.api.addService({ name: 'remote', config, dryRun: true });
  await core.api.addService({ name: 'remote', config, approve: { commandLine: commandLine ?? '' } });
  return { api: core.api, network, resolver, opened };
}

describe('core: a URL-mode request of a service named by a public host name', () => {
  it('a URL whose name resolves to this computer or a private network is shown with why and never opened; a public one opens', async () => {
    const { api, network, resolver, opened } = await openCore();
    const asked = async (url: string) => {
      const call = api.callTool({ server: 'remote', tool: 'ask-url', arguments: { url } });
      const pending = await vi.waitFor(
        async () => {
          const [ask] = await api.listAsks({});
          if (ask === undefined) throw new Error('no request yet');
          return ask;
        },
        { timeout: 20_000, interval: 50 },
      );
      return { call, pending };
    };

    for (const [url, why] of [
      ['https://admin.example.test/reset', LOCAL_WHY],
      ['https://router.example.test/setup', PRIVATE_WHY],
    ] as const) {
      const { call, pending } = await asked(url);
      expect(pending).toMatchObject({ kind: 'url', server: 'remote', url, urlProblem: why });
      await expect(api.openAskUrl({ id: pending.id })).rejects.toMatchObject({ code: 'denied', message: `This address was not opened: ${why}` });
      await api.answerAsk({ id: pending.id, action: 'decline' });
      expect(textOf(await call)).toBe('action: decline');
    }
    expect(opened).toEqual([]);

    const { call, pending } = await asked('https://pay.example.test/confirm');
    expect(pending.urlProblem).toBeUndefined();
    await api.openAskUrl({ id: pending.id });
    await api.answerAsk({ id: pending.id, action: 'accept' });
    expect(textOf(await call)).toBe('action: accept');
    expect(opened).toEqual(['https://pay.example.test/confirm']);
    // The service's own requests went through its name, none elsewhere; each URL's name was looked up.
    expect(network.leftThisComputer).toEqual([]);
    expect(new Set(resolver.calls)).toEqual(new Set(['asks.example.test', 'admin.example.test', 'router.example.test', 'pay.example.test']));
  }, 90_000);

  it('through the bridge: such a URL never reaches the agent (the service gets why); a public one does', async () => {
    const { api } = await openCore();
    const { token } = await api.addAgent({ name: 'opener', servers: ['remote'], policy: ALLOW });
    agent = await connectAgent(core?.bridge?.url ?? '', token, 'opener', { elicitation: { url: {} } });
    const given: string[] = [];
    agent.client.setRequestHandler(ElicitRequestSchema, (request) => {
      given.push(request.params.mode === 'url' ? request.params.url : 'form');
      return { action: 'accept' };
    });
    const call = async (url: string) => textOf(await agent?.client.callTool({ name: 'remote__ask-url', arguments: { url } }));
    expect(await call('https://admin.example.test/reset')).toContain(`URL request refused: ${LOCAL_WHY}`);
    expect(await call('https://router.example.test/setup')).toContain(`URL request refused: ${PRIVATE_WHY}`);
    // Another scheme names a host too (smb: hands a Windows client's credentials to it): only https goes.
    expect(await call('smb://10.0.0.1/share')).toContain('only https: URLs (or http: to this computer) are opened, not smb:');
    expect(given).toEqual([]);
    expect(await call('https://pay.example.test/confirm')).toBe('action: accept');
    expect(given).toEqual(['https://pay.example.test/confirm']);
    expect(await api.listAsks({})).toEqual([]);
  }, 90_000);
});
