import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenStateless, type StatelessHttp } from '../fixtures/servers/stateless-http';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

// No keychain (no D-Bus session) and no passphrase: the vault lives in memory only.
const MEMORY = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '' };
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

describe('connect with a vault that cannot keep the sign-in', () => {
  let service: Server;
  let url: string;
  let requests = 0;
  /** Every path asked for: a sign-in begins with the server's metadata (/.well-known/…). */
  const paths: string[] = [];
  let open: StatelessHttp;
  beforeAll(async () => {
    // A service that asks for a sign-in (RFC 6750 §3): counts whether connect reached it, and where.
    service = createServer((request, response) => {
      requests += 1;
      paths.push(request.url ?? '');
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/mcp`;
    // A service that asks for none.
    open = await listenStateless(() => {
      const server = new McpServer({ name: 'open', version: '1.0.0' }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [{ name: 'look', inputSchema: { type: 'object' as const, properties: {} } }] }));
      return server;
    }, true);
  });
  afterAll(async () => {
    await open.close();
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  async function homeWithRemote(env: Record<string, string>): Promise<string> {
    const home = tempHome('cs-connect-');
    const add = await runCli(home, ['servers', 'add', 'remote', '--url', url], { env });
    expect(add.code, add.stderr).toBe(0);
    return home;
  }

  it('refuses when the service asks for a sign-in, before the sign-in begins, saying how to keep it', async () => {
    const home = await homeWithRemote(MEMORY);
    requests = 0;
    paths.length = 0;
    const result = await runCli(home, ['connect', 'remote'], { env: MEMORY });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error [vault_memory_only]: The sign-in of "remote" would be lost when this command ends');
    expect(result.stderr).toMatch(/hint: .*CONNECTED_SERVICES_PASSPHRASE.*keychain.*`connected-services serve`/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // It asked the service (its 401 says a sign-in is needed), and no more: no metadata, no sign-in.
    expect(requests).toBeGreaterThan(0);
    expect(paths.filter((path) => path !== '/mcp')).toEqual([]);
    // --json says the same as JSON.
    const json = await runCli(home, ['connect', 'remote', '--json'], { env: MEMORY });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'denied', data: { reason: 'vault_memory_only' } } });
  });

  it('refuses a server whose "auth" says it signs in without reaching it at all', async () => {
    const home = tempHome('cs-connect-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { remote: { type: 'http', url, auth: { type: 'oauth' } } } }), { mode: 0o600 });
    requests = 0;
    const result = await runCli(home, ['connect', 'remote'], { env: MEMORY });
    expect(result.code, result.stderr).toBe(4);
    expect(result.stderr).toContain('error [vault_memory_only]: The sign-in of "remote" would be lost when this command ends');
    expect(requests).toBe(0);
  });

  it('starts a remote service that asks for no sign-in: there is nothing to lose', async () => {
    const home = tempHome('cs-connect-');
    expect((await runCli(home, ['servers', 'add', 'open', '--url', open.url], { env: MEMORY })).code).toBe(0);
    const result = await runCli(home, ['connect', 'open'], { env: MEMORY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^open: /m);
    expect(result.stderr).not.toContain('would be lost');
  });

  it('servers add --connect: adds and starts one that asks for no sign-in; refuses one that asks, keeping nothing', async () => {
    const home = tempHome('cs-connect-');
    const added = await runCli(home, ['servers', 'add', 'open', '--url', open.url, '--connect', '--yes'], { env: MEMORY });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/^Added open \(add, connect\): ready, 1 tool\.$/m);
    paths.length = 0;
    const refused = await runCli(home, ['servers', 'add', 'remote', '--url', url, '--connect', '--yes'], { env: MEMORY });
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('error [vault_memory_only]: The sign-in of "remote" would be lost when this command ends');
    expect(refused.stderr).toContain('Nothing was added.');
    expect(refused.stderr).toMatch(/hint: .*`connected-services serve`\) and add it there/);
    expect(paths.filter((path) => path !== '/mcp')).toEqual([]);
    const list = await runCli(home, ['servers', 'list'], { env: MEMORY });
    expect(list.stdout).toMatch(/^open /m);
    expect(list.stdout).not.toMatch(/^remote /m);
  });

  it('connects in the running app when one runs for the data directory: the sign-in lasts there', async () => {
    const home = await homeWithRemote(MEMORY);
    const served = await startServe(home, [], MEMORY);
    try {
      requests = 0;
      const result = await runCli(home, ['connect', 'remote'], { env: MEMORY });
      expect(result.stderr).not.toContain('would be lost when this command ends');
      expect(result.stderr).toContain(`Connecting remote in the app running at ${served.origin}`);
      expect(result.stderr).not.toContain(served.secret);
      // The app, not this command, reached the service (it asks for a sign-in the app would begin).
      expect(requests).toBeGreaterThan(0);
    } finally {
      await served.stop();
    }
  });

  it('goes ahead where the vault keeps the sign-in (a passphrase)', async () => {
    const home = await homeWithRemote(PASSPHRASE);
    requests = 0;
    const result = await runCli(home, ['connect', 'remote'], { env: PASSPHRASE });
    expect(result.code).not.toBe(4);
    expect(requests).toBeGreaterThan(0);
  });

  it('starts a stdio server even with a memory-only vault: there is no sign-in to lose', async () => {
    const home = tempHome('cs-connect-');
    const result = await runCli(home, ['connect', 'memory'], { env: MEMORY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^memory: /m);
  });
});
