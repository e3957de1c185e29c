import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRawTokenServer } from '../fixtures/oauth/raw-token-server';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'oauth error page', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `connect NAME` to a client-credentials server whose token endpoint answers an error naming `errorUri`. */
async function connectWithErrorPage(errorUri: string): Promise<string> {
  const server = await startRawTokenServer({ expectedBasic: 'Basic none', errorBody: { error: 'invalid_client', error_description: 'Unknown client', error_uri: errorUri } });
  cleanups.push(() => server.close());
  const home = await passphraseHome(ENV, 'cs-oauth-error-uri-');
  expect((await runCli(home, ['status'], { env: ENV })).code).toBe(0);
  expect((await runCli(home, ['secrets', 'set', 'CC_SECRET'], { env: ENV, input: 'cc-secret-value\n' })).code).toBe(0);
  const file = join(home, 'mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
  config.mcpServers['billing'] = { type: 'http', url: server.url, auth: { type: 'client_credentials', clientId: 'cc-client', clientSecret: '${secret:CC_SECRET}' } };
  writeFileSync(file, JSON.stringify(config, null, 2));
  expect((await runCli(home, ['servers', 'approve', 'billing', '--yes'], { env: ENV })).code).toBe(0);
  const connect = await runCli(home, ['connect', 'billing'], { env: ENV, timeoutMs: 40_000 });
  expect(connect.code).not.toBe(0);
  expect(server.requests.length).toBeGreaterThan(0);
  return connect.stderr;
}

// RFC 6749 §5.2: `error_uri` is a page for a person about the error; the CLI names it in its hint, never opens it.
describe('CLI: an authorization server\'s error page (error_uri)', () => {
  it('is named in the hint of the sign-in error when it is an https address', async () => {
    const shown = await connectWithErrorPage('https://billing.example/oauth/errors#invalid_client');
    expect(shown).toContain('The authorization server answered invalid_client: Unknown client');
    const hint = shown.split('\n').find((line) => line.startsWith('  hint: '));
    // Signing in again would send the same client ID and secret: the hint names where to replace them.
    expect(hint).toBe(
      '  hint: Replace the client secret: run `connected-services secrets set CC_SECRET` (or press "Replace" on CC_SECRET under Access in the app, or "Edit" on its page to correct the client ID); the authorization server explains this error at https://billing.example/oauth/errors#invalid_client',
    );
  }, 120_000);

  it('is left out when it fails the URL check', async () => {
    const shown = await connectWithErrorPage('javascript:alert(document.cookie)');
    expect(shown).toContain('The authorization server answered invalid_client');
    expect(shown).not.toContain('javascript:');
    expect(shown).not.toContain('explains this error');
    expect(shown).toContain('The client ID or client secret of "billing" was refused');
  }, 120_000);
});
