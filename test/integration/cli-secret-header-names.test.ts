import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'secret-header-names-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** Headers whose names say they hold a credential, with short values no token shape would betray. */
const HEADERS: Record<string, string> = {
  'X-Pass': 'hunter2a',
  'X-Api-Pass': 'hunter2b',
  'X-Secret': 'hunter2c',
  'X-Auth': 'hunter2d',
  'X-Access-Key': 'hunter2e',
  'Private-Token': 'hunter2f',
  'X-Goog-Api-Key': 'hunter2g',
  'Ocp-Apim-Subscription-Key': 'hunter2h',
  'X-Session-Cookie': 'sid=hunter2i',
};

// SECURITY.md, "nothing is written in clear": a header is judged by the words of its name.
describe('CLI: headers named for a credential are never kept in clear', () => {
  it('servers add refuses each, and import moves each into the vault', async () => {
    const home = await passphraseHome(ENV, 'cs-secret-header-names-');
    for (const [name, value] of Object.entries(HEADERS)) {
      const run = await runCli(home, ['servers', 'add', 'svc', '--url', 'https://api.example.com/mcp', '--header', `${name}: ${value}`], { env: ENV });
      expect({ name, code: run.code }).toEqual({ name, code: 2 });
      expect(run.stderr).toContain(`--header ${name} holds a secret in clear`);
      expect(run.stdout + run.stderr).not.toContain(value);
    }
    // A header that only looks like one by its letters is kept as written.
    expect((await runCli(home, ['servers', 'add', 'plain', '--url', 'https://api.example.com/mcp', '--header', 'X-Monkey: banana'], { env: ENV })).code).toBe(0);

    const file = join(home, '..', 'claude_desktop_config.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: HEADERS } } }));
    const imported = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: ENV });
    expect(imported.code, imported.stderr).toBe(0);
    for (const name of Object.keys(HEADERS)) expect(imported.stdout).toContain(`moved   remote headers.${name} into the vault`);
    const written = readFileSync(join(home, 'mcp.json'), 'utf8');
    for (const value of Object.values(HEADERS)) expect(written).not.toContain(value);
    expect(written).toContain('"X-Monkey": "banana"');
    const remote = (JSON.parse(written) as { mcpServers: Record<string, { headers?: Record<string, string> }> }).mcpServers['remote'];
    expect(remote?.headers?.['X-Api-Pass']).toBe('${secret:REMOTE_X-API-PASS}');
  }, 120_000);
});
