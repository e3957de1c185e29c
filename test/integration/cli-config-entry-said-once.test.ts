import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeWithConfig, runCli } from '../support/cli';

// A bad entry is shown on its row; the error after the table only names it (and says what no row does).
describe('a bad entry of mcp.json is said once', () => {
  it('status says a bad entry\'s problem once, on its row; the error names the entry and says only what no row does (exit 2, --json as before)', async () => {
    const home = homeWithConfig(JSON.stringify({ mcpServers: { x: { command: 5 } } }));
    const problem = 'field "command": expected string, got number 5';
    const once = await runCli(home, ['status']);
    expect(once.code).toBe(2);
    expect(`${once.stdout}${once.stderr}`.split(problem).length - 1, `${once.stdout}${once.stderr}`).toBe(1);
    expect(once.stdout).toMatch(/^x\s+invalid entry\s+invalid_config: field "command"/m);
    expect(once.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "x"');
    const json = await runCli(home, ['status', '--json']);
    expect(json.code).toBe(2);
    expect((JSON.parse(json.stderr) as { error: { message: string } }).error.message).toContain(`server "x": ${problem}`);

    // A problem of the whole file has no row: the error says it, and names the entries the rows show.
    const both = homeWithConfig(JSON.stringify({ mcpServers: { x: { command: 5 }, y: { args: [] } }, settings: { secretStores: { op: { type: 'command', command: 'op', arg: [] } } } }));
    const text = await runCli(both, ['status']);
    expect(text.code).toBe(2);
    const said = `${text.stdout}${text.stderr}`;
    for (const words of [problem, 'field "command": is required', 'field "settings.secretStores.op.arg": unknown field']) expect(said.split(words).length - 1, said).toBe(1);
    expect(text.stderr).toContain('It also has 2 invalid entries, shown above: "x", "y"');
  });

  it('servers list says a bad entry\'s problem once, on its row; the error names the entry and says only what no row does (exit 2, --json as before)', async () => {
    const problem = 'field "command": expected string, got number 5';
    for (const config of [{ x: { command: 5 } }, { x: { command: 5 }, good: { command: 'node' } }]) {
      const home = homeWithConfig(JSON.stringify({ mcpServers: config }));
      const once = await runCli(home, ['servers', 'list']);
      expect(once.code).toBe(2);
      expect(`${once.stdout}${once.stderr}`.split(problem).length - 1, `${once.stdout}${once.stderr}`).toBe(1);
      expect(once.stdout).toMatch(/^x\s+invalid entry\s+field "command": expected string/m);
      expect(once.stderr).toContain('error [invalid_config]: The config has an invalid entry, shown above: "x"');
      expect(once.stderr).toContain(`hint: Fix ${join(home, 'mcp.json')}, then try again`);
      const json = await runCli(home, ['servers', 'list', '--json']);
      expect(json.code).toBe(2);
      expect(json.stdout).toBe('');
      expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid_config', message: expect.stringContaining(`server "x": ${problem}`) as string, data: { server: 'x', field: 'command' } } });
    }

    // A problem of the whole file has no row: the error says it, and names the entries the rows show.
    const both = homeWithConfig(JSON.stringify({ mcpServers: { x: { command: 5 }, y: { args: [] } }, settings: { secretStores: { op: { type: 'command', command: 'op', arg: [] } } } }));
    const text = await runCli(both, ['servers', 'list']);
    expect(text.code).toBe(2);
    const said = `${text.stdout}${text.stderr}`;
    for (const words of [problem, 'field "command": is required', 'field "settings.secretStores.op.arg": unknown field']) expect(said.split(words).length - 1, said).toBe(1);
    expect(text.stderr).toContain('It also has 2 invalid entries, shown above: "x", "y"');
  });
});
