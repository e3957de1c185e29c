import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';
import { startTokenApi, type TokenApi } from '../fixtures/stdio-auth/token-api';
import { tsEntry } from '../support/ts-entry';

// A server waiting for a credential (an API key not stored yet, a `${secret:…}` in its environment)
// comes back by itself once the person stores it, in the app or from the command line: no Connect.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'credential stored passphrase' };
const ENV_SERVER = fileURLToPath(new URL('../fixtures/stdio-auth/token-env-server.ts', import.meta.url));
const NOTES_KEY = 'notes-key-5d0f3a9c7e21b846';
const MAIL_KEY = 'mail-key-a41c9e07d3b25f86';

interface Status {
  name: string;
  state: string;
}

describe('storing the credential a server waits for brings it back', () => {
  let api: TokenApi;
  let home: string;
  let served: Served;
  const state = async (name: string) => ((await served.api('status')).body.result as { servers: Status[] }).servers.find((s) => s.name === name)?.state;
  const whoami = (server: string) => served.api('callTool', { server, tool: 'whoami', arguments: {} });

  beforeAll(async () => {
    api = await startTokenApi('http://127.0.0.1:9', { apiKeys: [NOTES_KEY, MAIL_KEY] });
    home = await passphraseHome(PASSPHRASE, 'cs-credential-stored-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const program = { command: process.execPath, args: tsEntry(ENV_SERVER), cwd: ROOT };
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          notes: { ...program, env: { API_TOKEN: '${token}', API_URL: api.url }, auth: { type: 'api_key', key: '${secret:NOTES_KEY}' } },
          mail: { ...program, env: { API_TOKEN: '${secret:MAIL_KEY}', API_URL: api.url } },
        },
      }),
    );
    for (const name of ['notes', 'mail']) expect((await runCli(home, ['servers', 'approve', name], { env: PASSPHRASE })).code).toBe(0);
    served = await startServe(home, [], PASSPHRASE);
  }, 60_000);
  afterAll(async () => {
    await served.stop();
    await api.close();
  });

  it('an API key stored in the app: the waiting server starts, and calls work without Connect', async () => {
    const before = await whoami('notes');
    expect(before.body.error?.code).toBe('auth_required');
    expect(await state('notes')).toBe('needs_auth');

    expect((await served.api('setSecret', { name: 'NOTES_KEY', value: NOTES_KEY })).status).toBe(200);
    await eventually(async () => ((await state('notes')) === 'ready' ? true : undefined), 20_000);
    const after = await whoami('notes');
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(api.requests.map((r) => r.token)).toContain(NOTES_KEY);
  }, 60_000);

  it('a secret its environment names, stored from the command line while the app runs: the server comes back', async () => {
    const before = await whoami('mail');
    expect(before.status).not.toBe(200);
    expect(await state('mail')).toBe('error');

    // From the command line a new secret value waits for the person's confirmation in the app.
    await confirmAsPerson(served, await runCli(home, ['secrets', 'set', 'MAIL_KEY'], { env: PASSPHRASE, input: `${MAIL_KEY}\n` }));
    await eventually(async () => ((await state('mail')) === 'ready' ? true : undefined), 20_000);
    const after = await whoami('mail');
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect(api.requests.map((r) => r.token)).toContain(MAIL_KEY);
  }, 60_000);
});
