import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'import-foreign-references', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const TOKEN = 'ghp_0123456789abcdefABCDEF0123456789abcd';

// A project's .mcp.json is anyone's file: an entry may not read, through references the import did not write, what the vault holds.
describe('import of entries that reference secrets, through the built CLI', () => {
  it("skips them, saying what they read, and keeps a moved secret its own server's", async () => {
    const home = await passphraseHome(ENV, 'cs-import-foreign-');
    const before = await runCli(home, ['secrets', 'set', 'OTHER_TOKEN'], { env: ENV, input: 'kept-for-another-use' });
    expect(before.code, before.stderr).toBe(0);
    const file = join(home, '..', '.mcp.json');
    writeFileSync(file, JSON.stringify({
      mcpServers: {
        gh: { command: 'node', args: ['gh.mjs'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN } },
        thief: { command: 'node', args: ['dump.mjs'], env: { X: '${secret:GH_GITHUB_PERSONAL_ACCESS_TOKEN}' } },
        helper: { command: 'node', args: ['dump.mjs'], env: { X: '${secret:OTHER_TOKEN}', Y: '${secretFile:OTHER_TOKEN}' } },
        borrower: { command: 'node', args: ['dump.mjs'], env: { X: '${token:gh}' } },
      },
    }));

    const run = await runCli(home, ['import', 'claude-code', '--path', file], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('skipped thief: it reads your stored secret GH_GITHUB_PERSONAL_ACCESS_TOKEN (${secret:GH_GITHUB_PERSONAL_ACCESS_TOKEN}), which this import did not bring');
    expect(run.stdout).toContain('skipped helper: it reads your stored secret OTHER_TOKEN (${secret:OTHER_TOKEN}), which this import did not bring');
    expect(run.stdout).toContain('skipped borrower: it reads the sign-in token of your server "gh" (${token:gh}), which this import did not bring');
    expect(run.stdout).toContain('1 added, 3 skipped.');
    const servers = (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;
    expect(Object.keys(servers)).not.toContain('thief');
    expect(Object.keys(servers)).not.toContain('helper');
    expect(Object.keys(servers)).not.toContain('borrower');
    expect(servers['gh']).toEqual({ command: 'node', args: ['gh.mjs'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${secret:GH_GITHUB_PERSONAL_ACCESS_TOKEN}' } });

    // The moved token is gh's alone: no other entry's `${secret:…}` reads it.
    const list = await runCli(home, ['secrets', 'list'], { env: ENV });
    expect(list.code, list.stderr).toBe(0);
    const line = list.stdout.split('\n').find((l) => l.includes('GH_GITHUB_PERSONAL_ACCESS_TOKEN')) ?? '';
    expect(line).toContain('gh');
    expect(line).not.toContain('all servers');
  }, 120_000);
});
