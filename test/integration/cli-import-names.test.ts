import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'import-names' };

function serversIn(home: string): Record<string, { args?: string[] }> {
  return (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { args?: string[] }> }).mcpServers;
}

describe('import through the built CLI: names and files of the wrong shape', () => {
  // "a__b" was renamed to "a-b" first and took the name, so the file's own "a-b" was skipped as
  // imported already, and an import again skipped it as configured: a real server never came over.
  it("keeps a file's own names and gives a renamed entry a free one", async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-names-');
    const file = join(home, '..', 'collide.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { a__b: { command: 'echo', args: ['from a__b'] }, 'a-b': { command: 'echo', args: ['from a-b'] }, '': { command: 'echo', args: ['nameless'] } } }));
    const imported = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: PASSPHRASE });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('3 added, 0 skipped.');
    const servers = serversIn(home);
    expect(servers['a-b']?.args).toEqual(['from a-b']);
    expect(servers['a-b-2']?.args).toEqual(['from a__b']);
    expect(servers['server']?.args).toEqual(['nameless']);
    expect(imported.stdout).toContain('added   a-b-2  (from ');
    expect(imported.stdout).toContain('(renamed from "a__b")');
    // Again: the same names, each already configured.
    const again = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: PASSPHRASE });
    expect(again.stdout).toContain('0 added, 3 skipped.');
  });

  it('refuses a file that cannot be the config, naming the right source for another client\'s', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-shape-');
    const list = join(home, '..', 'list.json');
    writeFileSync(list, '[]');
    const refused = await runCli(home, ['import', 'claude-desktop', '--path', list], { env: PASSPHRASE });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/error \[invalid_config\]: Could not read the Claude Desktop config: .*list\.json: it holds a list/);
    expect(refused.stdout).not.toContain('0 added');

    const vscode = join(home, '..', 'vscode.json');
    writeFileSync(vscode, '{ // VS Code\n "servers": { "x": { "command": "echo" } } }');
    const wrongSource = await runCli(home, ['import', 'claude-desktop', '--path', vscode], { env: PASSPHRASE });
    expect(wrongSource.code).toBe(2);
    expect(wrongSource.stderr).toContain('import it with `connected-services import vscode --path FILE`');
    const right = await runCli(home, ['import', 'vscode', '--path', vscode], { env: PASSPHRASE });
    expect(right.code, right.stderr).toBe(0);
    expect(right.stdout).toContain('1 added');
  });
});
