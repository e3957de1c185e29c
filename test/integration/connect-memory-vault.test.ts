import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

// No keychain (no D-Bus session) and no passphrase: the vault lives in memory only.
const MEMORY = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '' };
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

describe('connect with a vault that cannot keep the sign-in', () => {
  let service: Server;
  let url: string;
  let requests = 0;
  beforeAll(async () => {
    // Stands for a service that would ask for a sign-in: counts whether connect reached it at all.
    service = createServer((request, response) => {
      requests += 1;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => service.close(() => resolve()));
  });

  async function homeWithRemote(env: Record<string, string>): Promise<string> {
    const home = tempHome('cs-connect-');
    const add = await runCli(home, ['servers', 'add', 'remote', '--url', url], { env });
    expect(add.code, add.stderr).toBe(0);
    return home;
  }

  it('refuses before signing in when no app runs, saying how to keep the sign-in', async () => {
    const home = await homeWithRemote(MEMORY);
    requests = 0;
    const result = await runCli(home, ['connect', 'remote'], { env: MEMORY });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error [vault_memory_only]: The sign-in of "remote" would be lost when this command ends');
    expect(result.stderr).toMatch(/hint: .*CONNECTED_SERVICES_PASSPHRASE.*keychain.*`connected-services serve`/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(requests).toBe(0);
    // --json says the same as JSON.
    const json = await runCli(home, ['connect', 'remote', '--json'], { env: MEMORY });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'denied', data: { reason: 'vault_memory_only' } } });
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
      // The app, not this command, reached the service (it answers 404 here: unavailable, exit 7).
      expect(requests).toBeGreaterThan(0);
      expect(result.code).toBe(7);
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
