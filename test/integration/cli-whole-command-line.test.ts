import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const REFUSED = 'is a whole command line in one word: the quotes around it made the shell pass it as one';

const servers = (home: string): Record<string, { command?: string; args?: string[] }> =>
  existsSync(join(home, 'mcp.json')) ? (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { command?: string; args?: string[] }> }).mcpServers : {};

// `servers add NAME -- 'npx -y pkg ~/notes'`: the quotes make the shell pass the whole line as one
// word, which would be stored as a program's name and fail only at its start. Refused, with the
// command to type instead, split as the app's command box splits it; never split silently.
describe('CLI: a whole command line quoted as one word', () => {
  it('servers add refuses it (exit 2), showing the words to give, and adds nothing', async () => {
    const home = tempHome('cs-cli-whole-');
    const added = await runCli(home, ['servers', 'add', 'c1', '--timeout', '5000', '--', 'npx -y @modelcontextprotocol/server-filesystem ~/notes']);
    expect(added.code, added.stderr).toBe(2);
    expect(added.stderr).toContain(`error [invalid_input]: The command after -- ${REFUSED}`);
    expect(added.stderr).toContain("`connected-services servers add c1 --timeout 5000 -- npx -y @modelcontextprotocol/server-filesystem '~/notes'`");
    // The folder stays as written in quotes, as the app keeps it; the person is told so.
    expect(added.stderr).toContain('~ and $VARIABLES reach the server as written');
    expect(servers(home)).toEqual({});

    // Variables and a folder before it become --env and --cwd; a value with a space stays one word.
    const withEnv = await runCli(home, ['servers', 'add', 'c1', '--', "cd /srv/mcp && LOG_LEVEL='debug all' node server.js --port 3"]);
    expect(withEnv.code, withEnv.stderr).toBe(2);
    expect(withEnv.stderr).toContain("`connected-services servers add c1 --env 'LOG_LEVEL=debug all' --cwd /srv/mcp -- node server.js --port 3`");

    // A line that needs a shell cannot be split: refused with the reason.
    const piped = await runCli(home, ['servers', 'add', 'c1', '--', 'node server.js | tee log']);
    expect(piped.code, piped.stderr).toBe(2);
    expect(piped.stderr).toContain('"|" needs a shell');
    expect(servers(home)).toEqual({});
  }, 60_000);

  it('a program whose path holds a space is no command line: it is added', async () => {
    const home = tempHome('cs-cli-whole-path-');
    const program = join(mkdtempSync(join(tmpdir(), 'cs whole ')), 'my server.js');
    writeFileSync(program, '');
    const added = await runCli(home, ['servers', 'add', 'spaced', '--', program]);
    expect(added.code, added.stderr).toBe(0);
    expect(servers(home)['spaced']?.command).toBe(program);
  }, 60_000);

  it('servers edit refuses it after -- and as --command, keeping the entry', async () => {
    const home = tempHome('cs-cli-whole-edit-');
    expect((await runCli(home, ['servers', 'add', 'e', '--', 'npx', '-y', 'pkg'])).code).toBe(0);
    const before = servers(home);

    const program = await runCli(home, ['servers', 'edit', 'e', '--command', 'uvx mcp-thing --flag', '--arg', 'a b']);
    expect(program.code, program.stderr).toBe(2);
    expect(program.stderr).toContain(`error [invalid_input]: --command ${REFUSED}`);
    expect(program.stderr).toContain("`connected-services servers edit e -- uvx mcp-thing --flag 'a b'`");

    const line = await runCli(home, ['servers', 'edit', 'e', '--', 'uvx mcp-thing']);
    expect(line.code, line.stderr).toBe(2);
    expect(line.stderr).toContain(`error [invalid_input]: The command after -- ${REFUSED}`);
    expect(line.stderr).toContain('`connected-services servers edit e -- uvx mcp-thing`');
    expect(servers(home)).toEqual(before);
  }, 60_000);
});
