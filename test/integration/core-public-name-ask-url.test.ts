import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { networkOf, tableResolver } from '../support/auth-network';
import { startRelatedAsksHttp, type RelatedAsksHttp } from '../support/related-asks-http';

// Through the real core: a service configured by a public host name asks the person to open a URL
// (MCP URL-mode elicitation) whose host name resolves to this computer or a private network. Names
// are answered by the core's injected resolver; the service's own is carried by the test network to
// its fixture on 127.0.0.1.

const ORIGIN = 'https://asks.example.test';
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

let core: Core | undefined;
let fixture: RelatedAsksHttp | undefined;
afterEach(async () => {
  await core?.close();
  fixture?.stop();
});

describe('core: a URL-mode request of a service named by a public host name', () => {
  it('a URL whose name resolves to this computer or a private network is shown with why and never opened; a public one opens', async () => {
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
    });
    const api = core.api;
    // An API key: the service's requests go through the core's resolver and network (auth fetchFor).
    const config = { type: 'http' as const, url: `${ORIGIN}/mcp`, auth: { type: 'api_key' as const, key: '${env:ASKS_KEY}' } };
    const { commandLine } = await api.addService({ name: 'remote', config, dryRun: true });
    await api.addService({ name: 'remote', config, approve: { commandLine: commandLine ?? '' } });

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
      ['https://admin.example.test/reset', 'admin.example.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer'],
      ['https://router.example.test/setup', 'router.example.test resolves to 10.0.0.7: it points at a private network, and the MCP server is not on one'],
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
});
