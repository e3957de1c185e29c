import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'import-nul-secret-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** Every file under the data folder, as text (the vault's and the audit log among them). */
function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

// A secret holding a NUL byte is refused wherever one is stored (secret-nul-byte.test.ts); import moves
// secrets into the vault too. In env, args and headers the entry's own schema refuses it; a URL's `%00` decodes to one.
describe('import of a secret holding a NUL byte, through the built CLI', () => {
  it('skips the entry saying which field and why, stores nothing, and never shows the value', async () => {
    const home = await passphraseHome(ENV, 'cs-import-nul-');
    const file = join(home, '..', 'nul_config.json');
    writeFileSync(
      file,
      JSON.stringify({
        mcpServers: {
          query: { type: 'http', url: 'https://mcp.example.com/mcp?api_key=TOPSECRET0123456789%00tail' },
          env: { command: 'node', args: ['x.mjs'], env: { API_KEY: 'TOPSECRET0123456789\u0000tail' } },
          fine: { type: 'http', url: 'https://mcp.example.com/other?api_key=AAAAbbbbCCCCddddEEEE1234' },
        },
      }),
    );

    const run = await runCli(home, ['import', 'cursor', '--path', file], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('skipped query: url.api_key holds a secret with a NUL byte, which the vault does not keep; correct it in that file and import again');
    expect(run.stdout).toMatch(/skipped env: .*NUL/);
    expect(run.stdout).toContain('added   fine');
    expect(run.stdout).toContain('1 added, 2 skipped.');

    const secrets = await runCli(home, ['secrets', 'list'], { env: ENV });
    expect(secrets.stdout).toContain('FINE_API_KEY');
    expect(secrets.stdout).not.toContain('QUERY_');
    expect(JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8'))).not.toHaveProperty('mcpServers.query');
    expect([run.stdout, run.stderr, secrets.stdout, everyFileText(home)].join('\n')).not.toContain('TOPSECRET');
  }, 90_000);
});
