import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { tsEntry } from '../support/ts-entry';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'oauth variants passphrase' };
const BROWSER = [process.execPath, ...tsEntry(join(ROOT, 'test', 'fixtures', 'oauth', 'open-with-browser.ts'))].join(' ');

interface Stack {
  issuer: string;
  asOrigin: string;
  mcpUrl: string;
  clientCredentials: { basic: { clientId: string; clientSecret: string }; post: { clientId: string; clientSecret: string } };
}

/** Runs `body` against a fresh authorization server + protected MCP server process with these options. */
async function withStack(options: object, body: (stack: Stack) => Promise<void>): Promise<void> {
  const child = spawn(process.execPath, [...tsEntry(join(ROOT, 'test', 'fixtures', 'oauth', 'serve.ts')), JSON.stringify(options)], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`OAuth fixtures exited with ${code}`)));
    });
    await body(JSON.parse(line) as Stack);
  } finally {
    child.stdin.end();
    child.kill();
  }
}

/** A person's mcp.json edit: one HTTP server with this auth block. */
function configure(home: string, url: string, auth?: Record<string, unknown>): void {
  const file = join(home, 'mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
  config.mcpServers['notes'] = { type: 'http', url, ...(auth ? { auth } : {}) };
  writeFileSync(file, JSON.stringify(config, null, 2));
}

async function signInAndCall(home: string, connectArgs: string[]): Promise<void> {
  const cli = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}), timeoutMs: 40_000 });
  if (connectArgs.length > 0) {
    const connect = await cli(['connect', 'notes', ...connectArgs]);
    expect(connect.stderr).not.toContain('error [');
    expect(connect.code).toBe(0);
  }
  const call = await cli(['call', 'notes', 'echo', '{"text":"variant"}']);
  expect(call.stderr).toBe('');
  expect(call.stdout).toContain('echo: variant');
}

describe('CLI sign-in variants against real fixtures', () => {
  it('client credentials (basic and post): no person involved, the secret from the vault', async () => {
    await withStack({}, async (stack) => {
      let home = '';
      for (const [method, client] of [['client_secret_basic', stack.clientCredentials.basic], ['client_secret_post', stack.clientCredentials.post]] as const) {
        home = await passphraseHome(PASSPHRASE);
        await runCli(home, ['status'], { env: PASSPHRASE });
        expect((await runCli(home, ['secrets', 'set', 'CC_SECRET'], { env: PASSPHRASE, input: `${client.clientSecret}\n` })).code).toBe(0);
        configure(home, stack.mcpUrl, { type: 'client_credentials', clientId: client.clientId, clientSecret: '${secret:CC_SECRET}', tokenEndpointAuthMethod: method });
        // The client secret goes to the authorization server: where, the person approves first.
        const approve = await runCli(home, ['servers', 'approve', 'notes', '--yes'], { env: PASSPHRASE });
        expect(approve.code, approve.stderr).toBe(0);
        await signInAndCall(home, []);
      }
      // The last one's secret is pinned to the issuer it worked with; a person can forget that.
      const forget = await runCli(home, ['disconnect', 'notes', '--forget-issuer'], { env: PASSPHRASE });
      expect(forget.code).toBe(0);
      expect(forget.stdout).toContain(`Forgot that the client secret of notes belongs to ${stack.issuer};`);
      await signInAndCall(home, []);
    });
  }, 90_000);

  it('client credentials with a vault that keeps nothing: connect goes ahead, since no person signs in (the tokens come again)', async () => {
    await withStack({}, async (stack) => {
      const memory = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '', CC_SECRET: stack.clientCredentials.post.clientSecret };
      const home = tempHome('cs-cc-memory-');
      await runCli(home, ['status'], { env: memory });
      configure(home, stack.mcpUrl, { type: 'client_credentials', clientId: stack.clientCredentials.post.clientId, clientSecret: '${env:CC_SECRET}', tokenEndpointAuthMethod: 'client_secret_post' });
      expect((await runCli(home, ['servers', 'approve', 'notes', '--yes'], { env: memory })).code).toBe(0);
      const connect = await runCli(home, ['connect', 'notes'], { env: memory, timeoutMs: 40_000 });
      expect(connect.stderr).not.toContain('would be lost');
      expect(connect.code, connect.stderr).toBe(0);
      const call = await runCli(home, ['call', 'notes', 'echo', '{"text":"again"}'], { env: memory, timeoutMs: 40_000 });
      expect(call.stdout).toContain('echo: again');
    });
  }, 90_000);

  it('a pre-registered public client, through the browser flow', async () => {
    await withStack({}, async (stack) => {
      const home = await passphraseHome(PASSPHRASE);
      await runCli(home, ['status'], { env: PASSPHRASE });
      configure(home, stack.mcpUrl, { type: 'oauth', clientId: 'pre-public', tokenEndpointAuthMethod: 'none', scopes: ['mcp:read', 'openid', 'email'] });
      const connect = await runCli(home, ['connect', 'notes', '--open-with', BROWSER], { env: PASSPHRASE, timeoutMs: 40_000 });
      expect(connect.code, connect.stderr).toBe(0);
      // The account signed in is named: a sign-in finished with another account's code shows there (SECURITY.md).
      expect(connect.stdout).toMatch(/^Signed in as test-user@example\.test; the access token expires /m);
      await signInAndCall(home, []);
    });
  });

  it('an issuer with a path, found only through OpenID discovery appended to it', async () => {
    await withStack({ as: { issuerPath: '/tenant/one', wellKnown: { oauth: false, openidInserted: false, openidAppended: true } } }, async (stack) => {
      expect(stack.issuer).toMatch(/\/tenant\/one$/);
      const home = await passphraseHome(PASSPHRASE);
      await runCli(home, ['status'], { env: PASSPHRASE });
      configure(home, stack.mcpUrl);
      await signInAndCall(home, ['--open-with', BROWSER]);
    });
  });

  it('protected resource metadata at the root, without resource_metadata in the challenge', async () => {
    await withStack({ mcp: { prm: 'root', challengeMetadata: false } }, async (stack) => {
      const home = await passphraseHome(PASSPHRASE);
      await runCli(home, ['status'], { env: PASSPHRASE });
      configure(home, stack.mcpUrl);
      await signInAndCall(home, ['--device', '--open-with', BROWSER]);
    });
  });

  it('a configured authServerMetadataUrl instead of discovery', async () => {
    await withStack({}, async (stack) => {
      const home = await passphraseHome(PASSPHRASE);
      await runCli(home, ['status'], { env: PASSPHRASE });
      configure(home, stack.mcpUrl, { type: 'oauth', authServerMetadataUrl: `${stack.issuer}/.well-known/oauth-authorization-server` });
      await signInAndCall(home, ['--open-with', BROWSER]);
    });
  });
});
