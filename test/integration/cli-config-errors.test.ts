import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli';

function homeWith(config: string): string {
  const home = tempHome('cs-config-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), config, { mode: 0o600 });
  return home;
}

describe('a broken mcp.json is reported, never shown as an empty one', () => {
  it('servers list: a field error names file, server and field, exit 2', async () => {
    const home = homeWith('{"mcpServers": {"a": {"command": 5}}}');
    const result = await runCli(home, ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stdout).not.toContain('No servers configured');
    expect(result.stderr).toContain(`error [invalid_config]: The config has a problem: ${join(home, 'mcp.json')}: server "a": field "command"`);
    expect(result.stderr).toContain('hint: Fix');
    const json = await runCli(home, ['servers', 'list', '--json']);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'invalid_config', data: { file: join(home, 'mcp.json'), server: 'a', field: 'command' } } });
  });

  it('servers list: a file that is not JSON, exit 2', async () => {
    const home = homeWith('{"mcpServers": ');
    const result = await runCli(home, ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not valid JSON at line \d+, column \d+/);
  });

  it('call and tools on a server: the broken file is the reason (exit 2), not "no such server"', async () => {
    const home = homeWith('{"mcpServers": {"a": {"command": 5}}}');
    for (const args of [['call', 'a', 'echo'], ['tools', 'a']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('server "a": field "command"');
    }
  });

  it('call on a server that is not configured: not_found with a command that exists', async () => {
    const home = homeWith('{"mcpServers": {}}');
    for (const args of [['call', 'nosuch', 'echo'], ['tools', 'nosuch']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr).toContain('error [not_found]: No server named "nosuch" is configured');
      expect(result.stderr).toContain('`connected-services servers list`');
      expect(result.stderr).not.toContain('`connected-services list`');
    }
  });
});
