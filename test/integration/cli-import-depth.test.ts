import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'import-depth' };

// A project's config is anyone's file: one nested without end is refused by name, not a stack overflow.
describe('import of a config nested without end, through the built CLI', () => {
  it('says invalid_config naming the file, for a project\'s .mcp.json and its .vscode/mcp.json', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-depth-');
    const project = join(home, '..', 'project');
    mkdirSync(join(project, '.vscode'), { recursive: true });
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const file = join(project, '.mcp.json');
    writeFileSync(file, `{"mcpServers":{"a":{"command":"node","x":${deep}}}}`);

    const alone = await runCli(home, ['import', 'claude-code', '--path', file], { env: PASSPHRASE });
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).not.toContain('Maximum call stack');
    expect(alone.stderr).toContain('error [invalid_config]');
    expect(alone.stderr).toContain(`${file}: it nests deeper than 64 levels`);

    const vscode = join(project, '.vscode', 'mcp.json');
    writeFileSync(vscode, `{"servers":{"b":{"command":"node","x":${deep}}}}`);
    const both = await runCli(home, ['import', 'vscode', '--path', vscode], { env: PASSPHRASE });
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain(`${vscode}: it nests deeper than 64 levels`);
  }, 90_000);
});
