import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { columnWidth } from '../../shared/text';
import { homeWithConfig, runCli } from '../support/cli';
import { startServe } from '../support/serve';

describe('a broken mcp.json is reported, never shown as an empty one', () => {
  it('servers list: a field error names file, server and field, exit 2', async () => {
    const home = homeWithConfig('{"mcpServers": {"a": {"command": 5}}}');
    const result = await runCli(home, ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stdout).not.toContain('No servers configured');
    expect(result.stdout).toMatch(/^a\s+invalid entry\s+field "command"/m);
    expect(result.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "a"');
    expect(result.stderr).toContain(`hint: Fix ${join(home, 'mcp.json')}`);
    const json = await runCli(home, ['servers', 'list', '--json']);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid_config', data: { file: join(home, 'mcp.json'), server: 'a', field: 'command' } } });
  });

  it('status with an mcp.json that does not parse says the problem once, as its error (exit 2)', async () => {
    const home = homeWithConfig('{"mcpServers":\n');
    const result = await runCli(home, ['status']);
    expect(result.code).toBe(2);
    expect(result.stdout).toContain('Config file:');
    const said = `${result.stdout}${result.stderr}`.split('not valid JSON at line 2, column 1').length - 1;
    expect(said, `${result.stdout}${result.stderr}`).toBe(1);
    expect(result.stderr).toContain('error [invalid_config]: The config has a problem:');
  });

  it('servers list --json keeps the reason after a field path ending in a credential header or variable; a secret in the file stays hidden', async () => {
    const token = 'ghp_abcdefghijklmnopqrstuvwxyz0123456789';
    const home = homeWithConfig(
      JSON.stringify({
        mcpServers: {
          a: { type: 'http', url: 'https://a.example/mcp', headers: { Authorization: 5 } },
          b: { command: 'x', env: { GITHUB_TOKEN: 5 } },
          c: { command: 'node', args: `--token=${token}` },
          // A name of two words read bare (`headers.My Token: …`) as a credential's header, hiding the reason.
          d: { type: 'http', url: 'https://d.example/mcp', headers: { 'My Token': 'v' } },
        },
      }),
    );
    const text = await runCli(home, ['servers', 'list']);
    const json = await runCli(home, ['servers', 'list', '--json']);
    expect(json.code).toBe(2);
    const { message } = (JSON.parse(json.stderr) as { error: { message: string } }).error;
    // Each entry's problem on its row as text, in the error in --json.
    for (const [server, words] of [
      ['a', 'field headers["Authorization"]: expected string, got number 5'],
      ['b', 'field env["GITHUB_TOKEN"]: expected string, got number 5'],
      ['c', 'field "args": expected array'],
      ['d', 'field headers["My Token"]: a header name is letters'],
    ] as const) {
      expect(text.stdout).toMatch(new RegExp(`^${server}\\s+invalid entry\\s+${words.replace(/[[\]]/g, '\\$&')}`, 'm'));
      expect(message).toContain(`server "${server}": ${words}`);
    }
    for (const output of [text.stdout, text.stderr, json.stdout, json.stderr]) expect(output).not.toContain(token);
    // The App API's form of a header's path (servers add), in plain and JSON output.
    const add = await runCli(home, ['servers', 'add', 'e', '--url', 'https://b.example/mcp', '--header', 'Authorization: Bearer x\ny']);
    expect(add.stderr).toContain('headers["Authorization"]: a header value may not hold a line break');
  });

  // Printed as `field "auth": unknown field "x"` or after `server "session":`, the words read as a credential's value and were hidden.
  it('keeps the words of an unknown nested field and of a problem of a server named like a credential (servers list, status)', async () => {
    const home = homeWithConfig(
      JSON.stringify({
        mcpServers: { a: { type: 'http', url: 'https://a.example/mcp', auth: { type: 'oauth', authorizationParams: {} } }, session: { args: [] } },
        settings: { secretStores: { op: { type: 'command', command: 'op', arg: [] } } },
      }),
    );
    for (const command of [['servers', 'list'], ['status']]) {
      const result = await runCli(home, command);
      expect(result.code).toBe(2);
      expect(result.stdout + result.stderr).not.toContain('[redacted]');
      expect(result.stdout + result.stderr).toMatch(/field "settings\.secretStores\.op\.arg": unknown field/);
    }
    const settingsFixed = homeWithConfig(JSON.stringify({ mcpServers: { a: { type: 'http', url: 'https://a.example/mcp', auth: { type: 'oauth', authorizationParams: {} } }, session: { args: [] } } }));
    const list = await runCli(settingsFixed, ['servers', 'list']);
    expect(list.stdout).toMatch(/^a\s+invalid entry\s+field "auth\.authorizationParams": unknown field/m);
    expect(list.stdout).toMatch(/^session\s+invalid entry\s+field "command": is required/m);
    expect(list.stdout + list.stderr).not.toContain('[redacted]');
  });

  it("names a header of two words in quotes, with its reason, through a running app's App API too (servers list, doctor)", async () => {
    const home = homeWithConfig(JSON.stringify({ mcpServers: { good: { command: 'node', args: ['x.js'] }, d: { type: 'http', url: 'https://d.example/mcp', headers: { 'My Token': 'v' } } } }));
    const said = 'field headers["My Token"]: a header name is letters';
    const served = await startServe(home);
    try {
      const json = await runCli(home, ['servers', 'list', '--json']);
      expect(json.code).toBe(2);
      expect((JSON.parse(json.stderr) as { error: { message: string; data: unknown } }).error).toMatchObject({ message: expect.stringContaining(said) as string, data: { server: 'd', field: 'headers["My Token"]' } });
      const list = await runCli(home, ['servers', 'list']);
      expect(list.stdout).toMatch(/^d\s+invalid entry\s+field headers\["My Token"\]: a header name is letters/m);
      const doctor = await runCli(home, ['doctor']);
      expect(doctor.stdout + doctor.stderr).toContain(`server "d": ${said}`);
      for (const output of [json.stderr, list.stdout, list.stderr, doctor.stdout]) expect(output).not.toContain('[redacted]');
    } finally {
      await served.stop();
    }
  }, 90_000);

  it('servers list: a file that is not JSON, exit 2', async () => {
    const home = homeWithConfig('{"mcpServers": ');
    const result = await runCli(home, ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not valid JSON at line \d+, column \d+/);
  });

  it('servers list, status and doctor: an emptied file (as an editor leaves it mid-save) is exit 2 saying so, not "No servers configured"', async () => {
    for (const content of ['', ' \n\t\n']) {
      const home = homeWithConfig(content);
      const file = join(home, 'mcp.json');
      for (const command of [['servers', 'list'], ['status'], ['doctor']]) {
        const result = await runCli(home, command);
        // doctor fails a check with exit 1, as it does for every failed check.
        expect(result.code, `${command.join(' ')}: ${result.stdout}${result.stderr}`).toBe(command[0] === 'doctor' ? 1 : 2);
        expect(result.stdout).not.toContain('No servers configured');
        expect(`${result.stdout}${result.stderr}`).toContain(`${file}: the file is empty, so no server is in force until it has content (for no servers, write {"mcpServers": {}})`);
      }
    }
  });

  it('status: a file that is not JSON, or a field of the wrong type, is exit 2 with file, place and fix (no stack trace)', async () => {
    const notJson = homeWithConfig('{"mcpServers": ');
    const file = join(notJson, 'mcp.json');
    const text = await runCli(notJson, ['status']);
    expect(text.code).toBe(2);
    expect(text.stdout).not.toContain('No servers configured');
    expect(text.stderr).toContain(`error [invalid_config]: The config has a problem: ${file}: `);
    expect(text.stderr).toMatch(/not valid JSON at line \d+, column \d+/);
    expect(text.stderr).toContain(`hint: Fix ${file}, then try again`);
    expect(text.stderr).not.toMatch(/^\s+at /m);
    const json = await runCli(notJson, ['status', '--json']);
    expect(json.code).toBe(2);
    const body = JSON.parse(json.stdout) as { configIssues: { file: string; message: string }[] };
    expect(body.configIssues).toEqual([expect.objectContaining({ file, message: expect.stringMatching(/not valid JSON at line \d+/) as unknown })]);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid_config', data: { file } } });

    const wrongType = homeWithConfig('{"mcpServers": {"a": {"command": 5}}}');
    const field = await runCli(wrongType, ['status']);
    expect(field.code).toBe(2);
    expect(field.stdout).toMatch(/^a\s+invalid entry\s+invalid_config: field "command": expected string, got number 5$/m);
    expect(field.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "a"');
    expect(field.stderr).toContain(`hint: Fix ${join(wrongType, 'mcp.json')}, then try again`);
    const fine = await runCli(homeWithConfig('{"mcpServers": {}}'), ['status']);
    expect(fine.code, fine.stderr).toBe(0);
  });

  it('call and tools on a server: the broken file is the reason (exit 2), not "no such server"', async () => {
    const home = homeWithConfig('{"mcpServers": {"a": {"command": 5}}}');
    for (const args of [['call', 'a', 'echo'], ['tools', 'a']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('server "a": field "command"');
    }
    // Another entry's problem is not why a server that is in no entry is missing: not_found, naming the invalid one.
    for (const args of [['call', 'nosuch', 'echo'], ['tools', 'nosuch']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toContain('error [not_found]: No server named "nosuch" is configured');
      expect(result.stderr).toContain('mcp.json also has invalid entry "a" (`connected-services servers list` shows why)');
    }
    // A file that is not JSON may hold it: the file stays the reason.
    const notJson = await runCli(homeWithConfig('{"mcpServers": '), ['tools', 'nosuch']);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('error [invalid_config]');
  });

  it('tools, resources and prompts of every server: a broken file is exit 2, never "No tools." or []', async () => {
    const home = homeWithConfig('{"mcpServers": ');
    for (const command of ['tools', 'resources', 'prompts']) {
      const text = await runCli(home, [command]);
      expect(text.code, command).toBe(2);
      expect(text.stdout).toBe('');
      expect(text.stderr).toMatch(/error \[invalid_config\]: .*not valid JSON at line \d+, column \d+/);
      const json = await runCli(home, [command, '--json']);
      expect(json.code, `${command} --json`).toBe(2);
      expect(json.stdout).toBe('');
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid_config' } });
    }
  });

  it('call on a server that is not configured: not_found with a command that exists', async () => {
    const home = homeWithConfig('{"mcpServers": {}}');
    for (const args of [['call', 'nosuch', 'echo'], ['tools', 'nosuch']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toContain('error [not_found]: No server named "nosuch" is configured');
      expect(result.stderr).toContain('`connected-services servers list`');
      expect(result.stderr).not.toContain('`connected-services list`');
    }
  });

  it('servers list and status line up the columns after a server name of wide characters (CJK, emoji)', async () => {
    const home = homeWithConfig(JSON.stringify({ mcpServers: { good: { command: 'node', args: ['x.js'] }, 日本語: { command: 'node' }, 'b😀': { command: 'node' } } }));
    for (const args of [['servers', 'list'], ['status']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(2);
      const lines = result.stdout.split('\n');
      // The column the state starts at, as a terminal counts them: the header's, on every line.
      const at = (line: string | undefined, word: string): number => columnWidth((line ?? '').slice(0, (line ?? '').indexOf(word)));
      const header = lines.find((line) => line.startsWith('SERVER'));
      const column = at(header, 'STATE');
      expect(at(lines.find((line) => line.startsWith('good')), 'pending approval'), args.join(' ')).toBe(column);
      expect(at(lines.find((line) => line.startsWith('日本語')), 'invalid entry'), result.stdout).toBe(column);
      expect(at(lines.find((line) => line.startsWith('b😀')), 'invalid entry'), result.stdout).toBe(column);
    }
  });

  it('one bad entry disables only itself: the others are listed, the bad one is shown with its problem', async () => {
    const home = homeWithConfig(JSON.stringify({ mcpServers: { good: { command: 'node', args: ['x.js'] }, bad: { command: 'node', args: 'x.js' } } }));
    const file = join(home, 'mcp.json');
    const list = await runCli(home, ['servers', 'list']);
    expect(list.code).toBe(2);
    expect(list.stdout).toMatch(/^good\s+stdio\s+pending approval\s+node x\.js$/m);
    expect(list.stdout).toMatch(/^bad\s+invalid entry\s+field "args": expected array, got string "x\.js"$/m);
    expect(list.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "bad"');
    expect(list.stderr).toContain(`hint: Fix ${file}`);

    // status shows the good server and the bad entry, and still fails (exit 2) for the bad one.
    const status = await runCli(home, ['status', '--json']);
    expect(status.code, status.stderr).toBe(2);
    const parsed = JSON.parse(status.stdout) as { servers: { name: string }[]; configIssues: unknown[] };
    expect(parsed.servers.map((s) => s.name)).toEqual(['good']);
    expect(parsed.configIssues).toEqual([expect.objectContaining({ file, server: 'bad', field: 'args' })]);
    expect(JSON.parse(status.stderr)).toMatchObject({ error: { code: 'invalid_config', data: { file, server: 'bad', field: 'args' } } });
    const text = await runCli(home, ['status']);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "bad"');
    expect(text.stdout).not.toContain('config problem');
    expect(text.stdout).toMatch(/^bad\s+invalid entry\s+invalid_config: field "args"/m);

    // Naming the bad entry says its own problem; the good one is there to act on.
    const call = await runCli(home, ['call', 'bad', 'echo']);
    expect(call.code).toBe(2);
    expect(call.stderr).toContain('The config has a problem: ' + `${file}: server "bad": field "args"`);
    const disable = await runCli(home, ['servers', 'disable', 'good']);
    expect(disable.code, disable.stderr).toBe(0);
    const remove = await runCli(home, ['servers', 'remove', 'bad']);
    expect(remove.code, remove.stderr).toBe(0);
    const after = await runCli(home, ['servers', 'list']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toMatch(/^good\s+stdio\s+disabled/m);
  });
});
