import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionNegotiationMode } from '@modelcontextprotocol/client';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../../electron/mcp-apps';
import { appFixtureServer, appServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// Issue #36 item 2 with an SDK v2 client (@modelcontextprotocol/client), in both eras it negotiates:
// the rewritten ui:// resource reads back with its `_meta.ui` (csp, permissions) as the server sent
// it, and two servers offering the same ui:// path stay apart.
const DECLARED = { capabilities: { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } } };
const MAP_CSP = {
  ui: {
    csp: {
      connectDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
      resourceDomains: ['https://*.openstreetmap.org', 'https://cesium.com', 'https://*.cesium.com'],
    },
  },
};
const ERAS: Array<{ era: string; mode: VersionNegotiationMode }> = [
  { era: '2026-07-28', mode: { pin: '2026-07-28' } },
  { era: '2025-11-25', mode: 'legacy' },
];

let h: BridgeHarness;
let token = '';

beforeAll(async () => {
  // Two copies of our fixture: the same ui:// paths, a different declared domain each.
  h = await startBridge({ one: appFixtureServer('https://one.example.com'), two: appFixtureServer('https://two.example.com'), map: appServer('map') });
  await Promise.all([h.pool.start('one'), h.pool.start('two'), h.pool.start('map')]);
  h.bridge.refresh();
  ({ token } = await h.bridge.agents.add('apps', { servers: ['one', 'two', 'map'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } }));
}, 90_000);

afterAll(async () => {
  await h?.close();
});

interface Content {
  uri: string;
  mimeType?: string;
  text?: string;
  _meta?: Record<string, unknown>;
}

async function readOne(agent: ModernAgent, uri: string): Promise<Content> {
  const read = await agent.client.readResource({ uri });
  expect(read.contents).toHaveLength(1);
  return read.contents[0] as Content;
}

describe.each(ERAS)('MCP Apps through the bridge, SDK v2 client on $era', ({ era, mode }) => {
  let agent: ModernAgent;

  beforeAll(async () => {
    agent = await connectModernAgent(h.bridge.url, token, mode, DECLARED);
  }, 60_000);

  afterAll(async () => {
    await agent?.close();
  });

  it('negotiates the era and sees each server’s app under an address naming that server', async () => {
    expect(agent.client.getNegotiatedProtocolVersion()).toBe(era);
    const tools = (await agent.client.listTools()).tools;
    const uriOf = (name: string): unknown => (tools.find((t) => t.name === name)?._meta?.ui as { resourceUri?: unknown } | undefined)?.resourceUri;
    expect(uriOf('one__camera')).toBe('ui://one/fixture/camera.html');
    expect(uriOf('two__camera')).toBe('ui://two/fixture/camera.html');
    expect(uriOf('map__show-map')).toBe('ui://map/cesium-map/mcp-app.html');
  }, 60_000);

  it('reads the rewritten ui:// resource with its _meta.ui (csp, permissions) unchanged', async () => {
    const camera = await readOne(agent, 'ui://one/fixture/camera.html');
    expect(camera.uri).toBe('ui://one/fixture/camera.html');
    expect(camera.mimeType).toBe(APP_MIME_TYPE);
    expect(camera._meta).toEqual({ ui: { permissions: { camera: {} } } });
    const direct = await h.pool.readResource('one', 'ui://fixture/camera.html');
    expect(camera.text).toBe(direct.contents[0]?.['text']);

    const map = await readOne(agent, 'ui://map/cesium-map/mcp-app.html');
    expect(map._meta).toEqual(MAP_CSP);
    expect(map.text).toMatch(/<html/i);
  }, 60_000);

  it('keeps two servers’ same ui:// path apart: each read reaches its own server', async () => {
    const one = await readOne(agent, 'ui://one/fixture/fetcher.html');
    const two = await readOne(agent, 'ui://two/fixture/fetcher.html');
    expect(one._meta).toEqual({ ui: { csp: { connectDomains: ['https://one.example.com'] } } });
    expect(two._meta).toEqual({ ui: { csp: { connectDomains: ['https://two.example.com'] } } });
    expect(one.text).toContain('fetcher for https://one.example.com');
    expect(two.text).toContain('fetcher for https://two.example.com');
    // The server's own address is none through the bridge; a server the agent may not use is refused.
    await expect(agent.client.readResource({ uri: 'ui://fixture/fetcher.html' })).rejects.toThrow();
    await expect(agent.client.readResource({ uri: 'ui://nosuch/fixture/fetcher.html' })).rejects.toThrow();
  }, 60_000);
});
