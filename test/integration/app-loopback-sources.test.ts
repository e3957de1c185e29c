import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/ports';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixtureServer } from '../fixtures/servers/config';
import { startServe, type Served } from '../support/serve';

interface Opened {
  appId: string;
  address: string;
  origins?: string[];
  dropped?: string[];
}

// An app's document runs on a 127.0.0.1 origin, so a loopback source it declares reaches
// local services. A local (stdio) server's app keeps another local service; no app keeps the product's own ports.
describe("an app's loopback sources through serve", () => {
  let home = '';
  let served: Served | undefined;
  let bridgeOrigin = '';

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'cs-app-loopback-'));
    const port = await freePort();
    bridgeOrigin = `http://127.0.0.1:${port}`;
    const mcpServers = { own: appFixtureServer(bridgeOrigin), docker: appFixtureServer('http://localhost:2375') };
    await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers }));
    served = await startServe(home, ['--bridge-port', String(port)], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
    for (const name of Object.keys(mcpServers)) expect((await served.api('approveServer', { name })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
    await rm(home, { recursive: true, force: true });
  });

  async function open(server: string): Promise<{ app: Opened; csp: string }> {
    if (!served) throw new Error('serve did not start');
    const opened = await served.api('openApp', { server, tool: 'fetcher' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const app = opened.body.result as Opened;
    const framed = await fetch(app.address, { headers: { 'sec-fetch-dest': 'iframe' } });
    return { app, csp: framed.headers.get('content-security-policy') ?? '' };
  }

  it("drops the bridge's origin an app declared, and says so", async () => {
    const { app, csp } = await open('own');
    expect(app.dropped).toEqual([bridgeOrigin]);
    expect(app.origins ?? []).not.toContain(bridgeOrigin);
    expect(csp).toContain("connect-src 'none'");
  }, 60_000);

  it("keeps another local service for a stdio server's app", async () => {
    const { app, csp } = await open('docker');
    expect(app.dropped).toBeUndefined();
    expect(csp).toContain('connect-src http://localhost:2375');
  }, 60_000);
});
