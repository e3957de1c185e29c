import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runNode, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'add-words-walk' };

// What `servers add` says when the words it is given are almost right: each refusal names the fix.
describe('servers add with words a person nearly got right', () => {
  const home = tempHome('cs-add-words-');
  const add = (args: string[]) => runCli(home, ['servers', 'add', ...args], { env: PASSPHRASE });

  it('a URL without its scheme says which to add, and a port past 65535 the range', async () => {
    const bare = await add(['notes', '--url', 'notes.example.com/mcp']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('url: has no scheme: add it, as in https://notes.example.com/mcp');
    const port = await add(['notes', '--url', 'https://h:99999/mcp']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('url: has port 99999: a port is a number from 1 to 65535');
    const file = await add(['notes', '--url', './srv.js']);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('url: looks like a file, not an address: a program to run is given as a command, not a URL; an address starts with https://');
    expect(file.stderr).toContain('hint: A program to run is given after --, as in: connected-services servers add NAME -- ./run.sh');
  }, 60_000);

  it('--from-registry with a second @ is refused before any registry is asked', async () => {
    const twice = await add(['x', '--from-registry', 'io.github.foo/bar@1.0@2']);
    expect(twice.code, twice.stderr).toBe(2);
    expect(twice.stderr).toContain('--from-registry takes ID[@VERSION] with one @ before the version, not "io.github.foo/bar@1.0@2"');
    expect(twice.stderr).toContain('hint: For example: --from-registry io.github.foo/bar@1.0');
  }, 60_000);

  it('a NAME=value first word after -- is refused with the --env to write instead', async () => {
    const assigned = await add(['n', '--', 'NAME=short', 'npx', 'x']);
    expect(assigned.code).toBe(2);
    expect(assigned.stderr).toContain('The command after -- starts with NAME=short: a command runs without a shell');
    expect(assigned.stderr).toContain('hint: Give the variable with --env: `connected-services servers add n --env NAME=short -- npx x`');
  }, 60_000);

  it('a program written as a relative path records where it was typed, there yet or not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-add-words-gone-'));
    const added = await runNode([CLI, '--home', home, 'servers', 'add', 'gone', '--', './gone.sh'], { env: { ...process.env, ...PASSPHRASE }, cwd: dir });
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain(`It runs in ${dir}, where its path ./gone.sh is to be (--cwd DIR for another folder).`);
    // The note says the file is missing; the line where it runs does not say it again.
    expect(added.stderr).toContain(`note: ${join(dir, 'gone.sh')} does not exist (yet)`);
    expect(`${added.stdout}${added.stderr}`.match(/does not exist/g)).toHaveLength(1);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { cwd?: string }> };
    expect(config.mcpServers['gone']?.cwd).toBe(dir);
    expect(config.mcpServers['n']).toBeUndefined();
  }, 60_000);
});
