import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRawTokenServer } from '../fixtures/oauth/raw-token-server';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'invalid token answer', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A data folder with one client-credentials server whose token endpoint answers `answer()`. */
async function hostile(answer: () => { status: number; body: string }) {
  const server = await startRawTokenServer({ expectedBasic: 'Basic none', tokenAnswer: answer, speaksMcp: true });
  cleanups.push(() => server.close());
  const home = await passphraseHome(ENV, 'cs-oauth-invalid-');
  expect((await runCli(home, ['secrets', 'set', 'CC_SECRET'], { env: ENV, input: 'cc-secret-value\n' })).code).toBe(0);
  const file = join(home, 'mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
  config.mcpServers['hostile'] = { type: 'http', url: server.url, auth: { type: 'client_credentials', clientId: 'cc-client', clientSecret: '${secret:CC_SECRET}' } };
  writeFileSync(file, JSON.stringify(config, null, 2));
  expect((await runCli(home, ['servers', 'approve', 'hostile', '--yes'], { env: ENV })).code).toBe(0);
  return { server, connect: () => runCli(home, ['connect', 'hostile'], { env: ENV, timeoutMs: 40_000 }) };
}

const token = (extra: Record<string, unknown>) => JSON.stringify({ access_token: 'raw-access-token', token_type: 'Bearer', ...extra });

describe('CLI: a token endpoint answering an invalid token response', () => {
  it.each([
    ['expires_in -5', token({ expires_in: -5 })],
    ['expires_in "abc"', token({ expires_in: 'abc' })],
    ['expires_in null', token({ expires_in: null })],
    ['no access_token', JSON.stringify({ token_type: 'Bearer' })],
  ])('%s is the server\'s fault (server_unavailable, exit 7), not ours', async (_, body) => {
    const { connect } = await hostile(() => ({ status: 200, body }));
    const run = await connect();
    expect(run.stderr).toContain('error [server_unavailable]: The authorization server answered an invalid token response while getting a client-credentials token');
    expect(run.code).toBe(7);
  }, 120_000);

  it('an error answer of 5 MB names the 256 KiB bound', async () => {
    const { connect } = await hostile(() => ({ status: 400, body: JSON.stringify({ error: 'invalid_request', error_description: 'x'.repeat(5 * 1024 * 1024) }) }));
    const run = await connect();
    expect(run.stderr).toMatch(/error \[server_unavailable\]: The answer from http:\/\/127\.0\.0\.1:\d+\/token is larger than 256 KiB/);
    expect(run.code).toBe(7);
  }, 120_000);
});

describe('CLI: a token answer with expires_in 0', () => {
  it('is shown as already expired (RFC 6749 §5.1), serves the start it was fetched for, and is fetched again at the next start', async () => {
    const { server, connect } = await hostile(() => ({ status: 200, body: token({ expires_in: 0 }) }));
    const run = await connect();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('the authorization server gave the access token no lifetime (expires_in 0), so it counts as expired: it served this start, and the next use renews it');
    expect(run.stdout).not.toContain('the access token expires 20');
    // One token for the handshake and the listing that follows, not one per request.
    expect(server.requests.length).toBe(1);
    // Never kept as valid past its start: the next start asks for a new one, once.
    const again = await connect();
    expect(again.code, again.stderr).toBe(0);
    expect(server.requests.length).toBe(2);
  }, 120_000);
});
