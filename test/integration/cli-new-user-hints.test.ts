import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Wrong values a new user gives, each refused with exit 2, nothing done, and a hint that says what to type.
describe('hints for wrong values a new user gives', () => {
  const home = tempHome('cs-new-user-hints-');

  it('agents config --for with a client it does not know lists the clients, with the one a typo likely meant', async () => {
    const unknown = await runCli(home, ['agents', 'config', 'laptop', '--for', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error \[invalid_input\]: --for takes a client whose configuration it prints: claude-code, claude-desktop, cursor, vscode, windsurf, gemini-cli, codex, acp; not "nope"\n {2}hint: `connected-services agents clients` lists/);
    const typo = await runCli(home, ['agents', 'config', 'laptop', '--for', 'curser']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('hint: Did you mean --for cursor?');
  });

  it('agents add --for with a word that is no client says what it takes, not only that it is wrong', async () => {
    const result = await runCli(home, ['agents', 'add', 'laptop', '--for', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/\n {2}hint: Name the client the agent runs in/);
  });

  it('every --for answers a typo of a client the same way, gemni as gemini-cli', async () => {
    for (const args of [['agents', 'add', 'laptop', '--for', 'gemni'], ['agents', 'config', 'laptop', '--for', 'gemni']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('hint: Did you mean --for gemini-cli?');
    }
    const curser = await runCli(home, ['agents', 'add', 'laptop', '--for', 'curser']);
    expect(curser.code).toBe(2);
    expect(curser.stderr).toContain('hint: Did you mean --for cursor?');
  });

  it('servers add --header Authorization with no value says the token goes in the vault, and how to name it', async () => {
    const result = await runCli(home, ['servers', 'add', 'gh', '--url', 'https://api.example.com/mcp', '--header', 'Authorization']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [invalid_input]: --header takes NAME: VALUE, not "Authorization"');
    expect(result.stderr).toContain("hint: A credential stays in the vault: store it with `connected-services secrets set TOKEN` (asked without echo), then give --header 'Authorization: Bearer ${secret:TOKEN}' (in single quotes: a shell replaces ${…} in double quotes or none)");
    expect(result.stderr).toContain('`connected-services connect NAME`');
    const listed = await runCli(home, ['servers', 'list', '--json']);
    expect(listed.stdout).not.toContain('"gh"');
  });

  it('a header written with "=" is told to use a colon; --env without "=" gets an example', async () => {
    const header = await runCli(home, ['servers', 'add', 'web', '--url', 'https://api.example.com/mcp', '--header', 'X-Team=blue']);
    expect(header.code).toBe(2);
    expect(header.stderr).toContain("hint: A header has a colon between its name and value: --header 'X-Team: VALUE'");
    const env = await runCli(home, ['servers', 'edit', 'everything', '--env', 'DEBUG']);
    expect(env.code).toBe(2);
    expect(env.stderr).toContain('hint: Write it as NAME=VALUE');
  });

  it('a command two commands are as close to (server: serve, servers) suggests both, not nothing', async () => {
    const result = await runCli(home, ['server', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: unknown command 'server'\n {2}hint: Did you mean `connected-services serve` or `connected-services servers`\? /);
  });

  it('servers add --url that is no web address says what --url takes', async () => {
    const result = await runCli(home, ['servers', 'add', 'files', '--url', 'ftp://files.example.com']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error [invalid_input]: Invalid server: url: must be an http:// or https:// URL');
    expect(result.stderr).toContain("hint: --url takes the service's MCP endpoint as its README gives it, e.g. --url https://mcp.example.com/mcp");
  });

  it('a missing argument is said with what it is: read without a URI says where the URIs are, import without a source lists them', async () => {
    const read = await runCli(home, ['read', 'everything']);
    expect(read.code).toBe(2);
    expect(read.stderr).toContain('<uri>: the resource URI, as `connected-services resources SERVER` lists them.');
    const source = await runCli(home, ['import']);
    expect(source.code).toBe(2);
    expect(source.stderr).toContain('<source>: the client to import from: claude-desktop, claude-code, cursor, vscode.');
  });
});
