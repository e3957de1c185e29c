import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../electron/mcp-apps';
import { appServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
let agent: AgentClient;
let plainHost: AgentClient;

beforeAll(async () => {
  // The same app server twice: both offer `ui://get-time/mcp-app.html`.
  h = await startBridge({ one: appServer('basic-vanillajs'), two: appServer('basic-vanillajs'), monitor: appServer('system-monitor') });
  await Promise.all([h.pool.start('one'), h.pool.start('two'), h.pool.start('monitor')]);
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('apps', { servers: ['one', 'two', 'monitor'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  // One host that shows apps (it declares the extension), one that does not.
  agent = await connectAgent(h.bridge.url, token, 'apps', { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } });
  plainHost = await connectAgent(h.bridge.url, token, 'apps');
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await plainHost?.close();
  await h?.close();
});

// Issue #36 item 2: MCP Apps through the bridge, with the reference app servers from npm.
describe('MCP Apps through the bridge', () => {
  it('keeps each tool’s app, its address naming the server, so two servers’ apps stay apart', async () => {
    const tools = (await agent.client.listTools()).tools;
    const one = tools.find((t) => t.name === 'one__get-time');
    const two = tools.find((t) => t.name === 'two__get-time');
    expect(one?._meta).toEqual({ ui: { resourceUri: 'ui://one/get-time/mcp-app.html', visibility: ['model', 'app'] }, 'ui/resourceUri': 'ui://one/get-time/mcp-app.html' });
    expect(two?._meta?.['ui/resourceUri']).toBe('ui://two/get-time/mcp-app.html');
    expect(tools.find((t) => t.name === 'monitor__poll-system-stats')?._meta).toEqual({ ui: { visibility: ['app'] } });

    const listed = (await agent.client.listResources()).resources.map((r) => r.uri);
    expect(listed).toEqual(expect.arrayContaining(['ui://one/get-time/mcp-app.html', 'ui://two/get-time/mcp-app.html']));
  }, 60_000);

  it('leaves tools only an app calls out of what a host without apps is offered', async () => {
    const names = (await plainHost.client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('monitor__get-system-info');
    expect(names).toContain('one__get-time');
    expect(names).not.toContain('monitor__poll-system-stats');
  }, 60_000);

  it('reads each app’s document back from its own server, unchanged', async () => {
    const read = await agent.client.readResource({ uri: 'ui://two/get-time/mcp-app.html' });
    const [content] = read.contents;
    expect(content?.uri).toBe('ui://two/get-time/mcp-app.html');
    expect(content?.mimeType).toBe(APP_MIME_TYPE);
    expect('text' in (content ?? {}) ? String((content as { text: string }).text) : '').toMatch(/<html/i);
    const direct = await h.pool.readResource('two', 'ui://get-time/mcp-app.html');
    expect((content as { text?: string }).text).toBe(direct.contents[0]?.['text']);
    // The server's own address is no address through the bridge, and a server the agent may not use is refused.
    await expect(agent.client.readResource({ uri: 'ui://get-time/mcp-app.html' })).rejects.toThrow();
    await expect(agent.client.readResource({ uri: 'ui://nosuch/get-time/mcp-app.html' })).rejects.toThrow();
  }, 60_000);
});
