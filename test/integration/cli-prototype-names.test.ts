import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVERYTHING } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';

// A name every JavaScript object already has (Object.prototype's members) is a valid server name;
// it was written to mcp.json and then never listed, started or approved.
describe('CLI: servers named valueOf or constructor', () => {
  it('are added, listed, approved, started, called and removed like any other', async () => {
    const home = tempHome('cs-proto-names-');
    for (const name of ['valueOf', 'constructor']) {
      expect((await runCli(home, ['servers', 'add', name, '--', process.execPath, EVERYTHING, 'stdio'])).code).toBe(0);
      const approved = await runCli(home, ['servers', 'approve', name]);
      expect(approved.stderr).toBe('');
      expect(approved.stdout).toContain(`Approved ${name}.`);
    }
    const list = await runCli(home, ['servers', 'list', '--json']);
    const names = (JSON.parse(list.stdout) as { name: string }[]).map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['valueOf', 'constructor']));

    const tools = await runCli(home, ['tools', 'valueOf'], { timeoutMs: 60_000 });
    expect(tools.code).toBe(0);
    expect(tools.stdout).toContain('echo');
    const call = await runCli(home, ['call', 'constructor', 'echo', '{"message":"hi"}'], { timeoutMs: 60_000 });
    expect(call.stdout).toContain('Echo: hi');

    expect((await runCli(home, ['servers', 'remove', 'valueOf'])).code).toBe(0);
    const after = await runCli(home, ['servers', 'list', '--json']);
    expect((JSON.parse(after.stdout) as { name: string }[]).map((s) => s.name)).not.toContain('valueOf');
  }, 120_000);

  it('keep a variable named __proto__ in an entry\'s env as written (it was dropped as mcp.json was read)', async () => {
    const home = tempHome('cs-proto-env-');
    writeFileSync(join(home, 'mcp.json'), '{"mcpServers":{"local":{"command":"node","args":["x.js"],"env":{"__proto__":"v","A":"1"}}}}');
    const list = await runCli(home, ['servers', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const shown = (JSON.parse(list.stdout) as { name: string; commandLine?: string }[]).find((s) => s.name === 'local');
    expect(shown?.commandLine).toContain('__proto__=v');
  }, 60_000);
});
