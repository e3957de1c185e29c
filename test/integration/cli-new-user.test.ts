import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli, runNode, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'new-user-walk' };
const EVERYTHING = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

// A new user's first steps at the terminal, as the README has them, and the mistakes they make.
describe('a new user at the command line', () => {
  const home = tempHome('cs-new-user-');

  it('tools on a server waiting for approval is an error naming the step (exit 4, as call), not "No tools."', async () => {
    expect((await runCli(home, ['servers', 'add', 'ev2', '--', 'node', EVERYTHING, 'stdio'], { env: PASSPHRASE })).code).toBe(0);
    const one = await runCli(home, ['tools', 'ev2'], { env: PASSPHRASE });
    expect(one.code).toBe(4);
    expect(one.stdout).toBe('');
    expect(one.stderr).toBe('error [denied]: "ev2" has not run yet, so its tools are not known: its command waits for your approval\n  hint: Review it, then run `connected-services servers approve ev2`\n');
    const json = await runCli(home, ['tools', 'ev2', '--json'], { env: PASSPHRASE });
    expect(json.code).toBe(4);
    expect(json.stdout).toBe('');
    expect(json.stderr).toContain('"denied"');
    // Listing every server: the others are listed, and the one waiting is named on stderr.
    const all = await runCli(home, ['tools'], { env: PASSPHRASE });
    expect(all.stdout).toMatch(/^everything\s+echo\s/m);
    expect(all.stderr).toContain('note: ev2 waits for your approval');
    expect((await runCli(home, ['servers', 'disable', 'everything'], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['tools', 'everything'], { env: PASSPHRASE })).stderr).toContain('note: everything is disabled: connected-services servers enable everything');
    // --json stays JSON alone: nothing to explain there; a server that really lists none is still "No tools.".
    expect((await runCli(home, ['tools', 'everything', '--json'], { env: PASSPHRASE })).stderr).toBe('');
  }, 90_000);

  it('a server that dies at start shows the end of its output, stack frames left out, as the hint promises', async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'cs-new-user-crash-')), 'crash.js');
    writeFileSync(script, "console.error('Error: Cannot find module ./missing-piece.js');\nconsole.error('    at Module._resolveFilename (node:internal/modules)');\nprocess.exit(1);\n");
    expect((await runCli(home, ['servers', 'add', 'crash', '--', 'node', script], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'crash', '--yes'], { env: PASSPHRASE })).code).toBe(0);
    const result = await runCli(home, ['tools', 'crash'], { env: PASSPHRASE, timeoutMs: 60_000 });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("Check the server's output below");
    expect(result.stderr).toMatch(/ {2}its output ended with:\n {4}Error: Cannot find module \.\/missing-piece\.js\n/);
    expect(result.stderr.split('its output ended with:')[1]).not.toContain('_resolveFilename');
  }, 90_000);

  it("a server that is a Node crash ends with its error line, not Node's version trailer", async () => {
    const script = join(mkdtempSync(join(tmpdir(), 'cs-new-user-node-crash-')), 'crash.js');
    writeFileSync(script, "require('./missing-piece.js');\n");
    expect((await runCli(home, ['servers', 'add', 'node-crash', '--', 'node', script], { env: PASSPHRASE })).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'node-crash', '--yes'], { env: PASSPHRASE })).code).toBe(0);
    const result = await runCli(home, ['tools', 'node-crash'], { env: PASSPHRASE, timeoutMs: 60_000 });
    expect(result.code).not.toBe(0);
    expect(result.stderr).not.toContain('Node.js v');
    expect(result.stderr).toMatch(/^error \[server_unavailable\]: "node-crash" exited with code 1 [^\n]*: Error: Cannot find module '\.\/missing-piece\.js'\n/m);
    expect(result.stderr).toMatch(/ {2}its output ended with:\n(?: {4}[^\n]*\n)* {4}Error: Cannot find module '\.\/missing-piece\.js'\n$/);
  }, 90_000);

  it('a relative path in the command runs where it was typed, wherever the app starts later', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-new-user-rel-'));
    mkdirSync(join(dir, 'build'));
    writeFileSync(join(dir, 'build', 'server.js'), '');
    const added = await runNode([CLI, '--home', home, 'servers', 'add', 'rel', '--', 'node', 'build/server.js'], { env: { ...process.env, ...PASSPHRASE }, cwd: dir });
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`It runs in ${dir}, where its path build/server.js is (--cwd DIR for another folder).`);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, { cwd?: string }> };
    expect(config.mcpServers['rel']?.cwd).toBe(dir);
    // Words that name no file here stay as they were, with no folder recorded.
    expect(config.mcpServers['ev2']?.cwd).toBeUndefined();
  }, 60_000);

  it('an agent name the rule refuses is said in the command line\'s words, with one that would do', async () => {
    const accented = await runCli(home, ['agents', 'add', 'Jürgen’s laptop'], { env: PASSPHRASE });
    expect(accented.code).toBe(2);
    expect(accented.stderr).toBe(
      'error [invalid_input]: "Jürgen’s laptop" cannot be an agent\'s name: use 1-64 letters, digits, spaces, "_", "." or "-", starting with a letter or digit (letters a-z and A-Z only: no accents or other scripts)\n  hint: For example: Jurgen-s laptop\n',
    );
    expect(accented.stderr).not.toContain('addAgent');
    const cafe = await runCli(home, ['servers', 'add', 'café', '--url', 'https://cafe.example/mcp'], { env: PASSPHRASE });
    expect(cafe.stderr).toContain('hint: For example: cafe\n');
  }, 60_000);

  it('agents config without a token says what to do with the reference it prints', async () => {
    expect((await runCli(home, ['agents', 'add', 'laptop', '--servers', '*'], { env: PASSPHRASE })).code).toBe(0);
    const code = await runCli(home, ['agents', 'config', 'laptop', '--for', 'claude-code'], { env: PASSPHRASE });
    expect(code.stdout).toContain('"Authorization": "Bearer ${CONNECTED_SERVICES_TOKEN}"');
    expect(code.stderr).toContain('# the entry reads the token from the variable CONNECTED_SERVICES_TOKEN; start the client with it set to laptop\'s token');
    const desktop = await runCli(home, ['agents', 'config', 'laptop', '--for', 'claude-desktop'], { env: PASSPHRASE });
    expect(desktop.stderr).toContain('# replace PASTE_THE_AGENT_TOKEN_HERE with laptop\'s token');
    // With the token given, there is nothing to replace.
    const given = await runCli(home, ['agents', 'config', 'laptop', '--for', 'claude-code'], { env: { ...PASSPHRASE, CONNECTED_SERVICES_TOKEN: 'cs_agent_given' } });
    expect(given.stderr).not.toContain('CONNECTED_SERVICES_TOKEN:');
  }, 60_000);
});
