import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'disconnect-pending-api-key', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

async function homeWithKeys() {
  const home = await passphraseHome(ENV, 'cs-forget-pending-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // Nothing listens there: the key is deleted here without reaching any server.
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({
    mcpServers: {
      svc: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'api_key', key: '${secret:SVC_KEY}' } },
      other: { type: 'http', url: 'http://127.0.0.1:9/mcp', auth: { type: 'api_key', key: '${secret:SHARED_KEY}' } },
    },
  }));
  const cli = (args: string[], input?: string) => runCli(home, args, { env: ENV, timeoutMs: 60_000, ...(input === undefined ? {} : { input }) });
  // Stored before any app runs: storing a secret beside one waits for the person's confirmation there.
  expect((await cli(['secrets', 'set', 'SVC_KEY', '--server', 'svc'], 'k-scoped-1234567')).code).toBe(0);
  expect((await cli(['secrets', 'set', 'SHARED_KEY'], 'k-global-1234567')).code).toBe(0);
  return { home, cli };
}

async function disconnectBoth(cli: Awaited<ReturnType<typeof homeWithKeys>>['cli']): Promise<void> {
  const disconnect = await cli(['disconnect', 'svc', '--revoke']);
  expect(disconnect.code, disconnect.stderr).toBe(0);
  // What was deleted, and that a key stays valid where it was issued: "no tokens to revoke" read as nothing done.
  expect(disconnect.stdout).toContain('Disconnected svc and deleted its API key from the vault');
  expect(disconnect.stdout).toContain('revoke it where it was issued');
  const list = await cli(['secrets', 'list', '--json']);
  expect(list.code, list.stderr).toBe(0);
  expect(list.stdout).not.toContain('SVC_KEY');

  const global = await cli(['disconnect', 'other', '--revoke']);
  expect(global.code, global.stderr).toBe(0);
  expect(global.stdout).toContain('Disconnected other: it has no API key kept for it alone to delete');
  expect(global.stdout).not.toContain('deleted its API key');
  expect((await cli(['secrets', 'list', '--json'])).stdout).toContain('SHARED_KEY');
}

// Every API-key entry waits for approval until the person gives it, and again after each edit.
describe('disconnect --revoke of an API-key entry waiting for approval, through the built CLI', () => {
  it('deletes the key kept for it, says so, and keeps a global secret', async () => {
    const { cli } = await homeWithKeys();
    await disconnectBoth(cli);
  }, 120_000);

  it('does and says the same through the App API of an app running beside it', async () => {
    const { home, cli } = await homeWithKeys();
    const served = await startServe(home, [], ENV);
    try {
      await disconnectBoth(cli);
    } finally {
      await served.stop();
    }
  }, 120_000);
});
