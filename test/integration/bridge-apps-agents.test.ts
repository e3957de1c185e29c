import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry } from '../../shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../electron/mcp-apps';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { appServer, appSubscribeServer, shiftingServer } from '../fixtures/servers/config';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { passphraseHome } from '../support/passphrase-home';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { startServe, type Served } from '../support/serve';
import { waitFor } from '../support/server-harness';

// Issue #36 items 2 and 3, the bridge's remaining half, against the reference app servers from npm.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const DECLARED = { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } };
const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let core: Core;
const open: Array<AgentClient | ModernAgent> = [];
const tokens: Record<string, string> = {};

function url(): string {
  if (!core.bridge) throw new Error('the core runs no bridge');
  return core.bridge.url;
}

async function legacy(agent: string, declared: boolean): Promise<AgentClient> {
  const client = await connectAgent(url(), tokens[agent] ?? '', agent, declared ? DECLARED : undefined);
  open.push(client);
  return client;
}

async function modern(agent: string, declared: boolean): Promise<ModernAgent> {
  const client = await connectModernAgent(url(), tokens[agent] ?? '', { pin: '2026-07-28' }, declared ? { capabilities: DECLARED } : {});
  open.push(client);
  return client;
}

beforeAll(async () => {
  const home = await passphraseHome(PASSPHRASE, 'cs-apps-agents-');
  const stageFile = join(home, '..', 'stage');
  writeFileSync(stageFile, '1');
  core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', bridge: { port: 0, required: true } });
  await core.api.addServer({ name: 'monitor', config: appServer('system-monitor') });
  await core.api.addServer({ name: 'plain', config: shiftingServer(stageFile) });
  await core.api.addServer({ name: 'board', config: appSubscribeServer() });
  for (const name of ['monitor', 'plain', 'board']) {
    await core.api.approveServer({ name });
    await core.api.connect({ name });
  }
  tokens['apps'] = (await core.api.addAgent({ name: 'apps', servers: ['monitor', 'plain', 'board'], policy: ALLOW })).token;
  tokens['noapps'] = (await core.api.addAgent({ name: 'noapps', servers: ['plain'], policy: ALLOW })).token;
  tokens['searcher'] = (await core.api.addAgent({ name: 'searcher', servers: ['monitor'], toolMode: 'search', policy: ALLOW })).token;
}, 90_000);

afterAll(async () => {
  for (const client of open.splice(0).reverse()) await client.close().catch(() => undefined);
  await core?.close();
});

describe('MCP Apps for agents through the bridge', () => {
  it('advertises the extension only to agents whose servers offer apps, in initialize and in server/discover', async () => {
    const withApps = await legacy('apps', true);
    expect(withApps.client.getServerCapabilities()?.extensions?.[APPS_EXTENSION]).toEqual({ mimeTypes: [APP_MIME_TYPE] });
    const without = await legacy('noapps', true);
    expect(without.client.getServerCapabilities()?.extensions?.[APPS_EXTENSION]).toBeUndefined();
    const modernApps = await modern('apps', true);
    expect(modernApps.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(modernApps.client.getServerCapabilities()?.extensions?.[APPS_EXTENSION]).toEqual({ mimeTypes: [APP_MIME_TYPE] });
    const modernNone = await modern('noapps', true);
    expect(modernNone.client.getServerCapabilities()?.extensions?.[APPS_EXTENSION]).toBeUndefined();
  }, 60_000);

  it('never finds an app-only tool in tool search for a client that did not declare the extension', async () => {
    const query = { name: 'search_tools', arguments: { query: 'poll live system stats cpu memory', limit: 20 } };
    const plainHost = await legacy('searcher', false);
    const found = JSON.stringify(await plainHost.client.callTool(query));
    expect(found).toContain('monitor__get-system-info');
    expect(found).not.toContain('poll-system-stats');
    const appHost = await legacy('searcher', true);
    expect(JSON.stringify(await appHost.client.callTool(query))).toContain('monitor__poll-system-stats');
    // The same on the 2026-07-28 path, where the declaration rides on each request.
    const modernPlain = await modern('searcher', false);
    expect(JSON.stringify(await modernPlain.client.callTool(query))).not.toContain('poll-system-stats');
    const modernApps = await modern('searcher', true);
    expect(JSON.stringify(await modernApps.client.callTool(query))).toContain('monitor__poll-system-stats');
  }, 60_000);

  it('subscribes to an app’s rewritten ui:// address at the right server, and tells the change by that address', async () => {
    const host = await legacy('apps', true);
    const heard: string[] = [];
    host.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void heard.push(n.params.uri));
    const touch = async (): Promise<string> => JSON.stringify((await host.client.callTool({ name: 'board__touch', arguments: {} })).content);
    await host.client.subscribeResource({ uri: 'ui://board/board/view.html' });
    // The server was asked by its own address.
    expect(await touch()).toContain('[\\"ui://board/view.html\\"]');
    await waitFor('the update', () => (heard.length > 0 ? true : undefined));
    expect(heard).toEqual(['ui://board/board/view.html']);
    await host.client.unsubscribeResource({ uri: 'ui://board/board/view.html' });
    expect(await touch()).toContain('[]');
  }, 60_000);

  it('2026-07-28, SDK v2 client: app-only tools hidden without the extension, _meta.ui passed through with it', async () => {
    const declared = await modern('apps', true);
    const tools = (await declared.client.listTools()).tools;
    expect(tools.find((t) => t.name === 'monitor__poll-system-stats')?._meta).toEqual({ ui: { visibility: ['app'] } });
    const shown = tools.find((t) => t.name === 'monitor__get-system-info');
    expect((shown?._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri).toMatch(/^ui:\/\/monitor\//);
    const plainHost = await modern('apps', false);
    const names = (await plainHost.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('monitor__get-system-info');
    expect(names).not.toContain('monitor__poll-system-stats');
  }, 60_000);
  it('refuses an app-only tool called by name from a client that declared no MCP Apps, audited; one that declared it may call it', async () => {
    const refusal = {
      code: -32010,
      message: expect.stringContaining('tool "monitor__poll-system-stats" may only be called by an MCP App of "monitor" (its _meta.ui.visibility leaves out "model"), and your client declared no MCP Apps support') as unknown,
    };
    const plain = await legacy('apps', false);
    await expect(plain.client.callTool({ name: 'monitor__poll-system-stats', arguments: {} })).rejects.toMatchObject(refusal);
    const plainModern = await modern('apps', false);
    await expect(plainModern.client.callTool({ name: 'monitor__poll-system-stats', arguments: {} })).rejects.toMatchObject(refusal);
    // In search mode, through its call tool too: there a refusal is a result the model reads.
    const searcher = await legacy('searcher', false);
    const viaSearch = await searcher.client.callTool({ name: 'call_read_tool', arguments: { name: 'monitor__poll-system-stats', arguments: {} } });
    expect(viaSearch.isError).toBe(true);
    expect(JSON.stringify(viaSearch.content)).toContain('may only be called by an MCP App of \\"monitor\\"');
    const host = await legacy('apps', true);
    const result = await host.client.callTool({ name: 'monitor__poll-system-stats', arguments: {} });
    expect(result.isError).not.toBe(true);
    const refused = await waitFor('the refusals audited', async () => {
      const read = await core.api.readAudit({ agent: 'apps' });
      const found = read.filter((e) => e.tool === 'monitor__poll-system-stats' && e.outcome === 'denied');
      return found.length >= 2 ? found : undefined;
    });
    expect(refused[0]).toMatchObject({ agent: 'apps', kind: 'tool', outcome: 'denied', errorCode: 'denied' });
  }, 60_000);
});

describe('an app the host closes itself', () => {
  it('reaches the screen as the appClosed event, with the note the desktop app’s memory bound gives', () => {
    const heard: unknown[] = [];
    const off = core.api.on('appClosed', (closed) => heard.push(closed));
    core.apps.stop({ appId: 'some-app', reason: 'memory', message: 'This app was closed: it used 600 MB of memory' });
    off();
    expect(heard).toEqual([{ appId: 'some-app', reason: 'memory', message: 'This app was closed: it used 600 MB of memory' }]);
  });
});

// Issue #36 item 3: what an app shown in the app calls is audited as such (App API through `serve`).
describe('an app’s own calls', () => {
  let home = '';
  let served: Served | undefined;

  beforeAll(async () => {
    home = await mkdtemp(join(tmpdir(), 'cs-app-audit-'));
    await writeFile(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { monitor: appServer('system-monitor') } }));
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    expect((await served.api('approveServer', { name: 'monitor' })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  it('are kept in the audit log, marked as from an app, refused ones too', async () => {
    if (!served) throw new Error('serve did not start');
    const opened = await served.api('openApp', { server: 'monitor', tool: 'get-system-info' });
    const { appId } = opened.body.result as { appId: string };
    expect((await served.api('callAppTool', { appId, tool: 'poll-system-stats' })).status).toBe(200);
    expect((await served.api('callAppTool', { appId, tool: 'no-such-tool' })).body.error?.code).toBe('denied');
    const entries = await waitFor('the app’s calls audited', async () => {
      const read = (await served?.api('readAudit', { server: 'monitor' }))?.body.result as AuditEntry[] | undefined;
      return (read ?? []).filter((e) => e.via === 'app').length >= 2 ? read : undefined;
    });
    const fromApp = entries.filter((e) => e.via === 'app');
    expect(fromApp.find((e) => e.tool === 'poll-system-stats')).toMatchObject({ agent: '', server: 'monitor', kind: 'tool', outcome: 'ok', tier: 'read' });
    expect(fromApp.find((e) => e.tool === 'no-such-tool')).toMatchObject({ outcome: 'denied', errorCode: 'denied' });
    expect(entries.every((e) => e.via === 'app')).toBe(true);
  }, 60_000);
});
