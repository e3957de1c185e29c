import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'edit-words-walk' };

const entry = (home: string): unknown => (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers['e'];

// What `servers edit` says when the program it is given starts with a shell's NAME=value: each refusal names the fix.
describe('servers edit with a NAME=value first word', () => {
  const home = tempHome('cs-edit-words-');
  const edit = (args: string[]) => runCli(home, ['servers', 'edit', 'e', ...args], { env: PASSPHRASE });

  it('after -- or as --command is refused with the --env to write instead, the entry unchanged', async () => {
    expect((await runCli(home, ['servers', 'add', 'e', '--', 'npx', '-y', 'pkg'], { env: PASSPHRASE })).code).toBe(0);
    const before = entry(home);

    const line = await edit(['--timeout', '5000', '--', 'NAME=short', 'npx', 'x']);
    expect(line.code, line.stderr).toBe(2);
    expect(line.stderr).toContain('The command after -- starts with NAME=short: a command runs without a shell');
    expect(line.stderr).toContain('hint: Give the variable with --env: `connected-services servers edit e --env NAME=short --timeout 5000 -- npx x`');

    const program = await edit(['--command', 'NAME=short']);
    expect(program.code, program.stderr).toBe(2);
    expect(program.stderr).toContain('--command starts with NAME=short: a command runs without a shell');
    expect(program.stderr).toContain('hint: Give the variable with --env NAME=short and the program with --command');
    expect(entry(home)).toEqual(before);
  }, 60_000);

  it('lets NAME=value pass where it is an argument', async () => {
    const argument = await edit(['--', 'npx', 'NAME=short']);
    expect(argument.code, argument.stderr).toBe(0);
    expect(entry(home)).toMatchObject({ command: 'npx', args: ['NAME=short'] });
  }, 60_000);
});
