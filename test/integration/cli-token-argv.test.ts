import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Every account on the computer can read a command line (ps, /proc/PID/cmdline): an agent's token never goes there.
describe('an agent token is never taken from the command line', () => {
  let home: string;
  let token: string;
  beforeAll(async () => {
    home = tempHome('cs-token-argv-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const add = await runCli(home, ['agents', 'add', 'desk', '--servers', '*', '--json']);
    expect(add.code, add.stderr).toBe(0);
    token = (JSON.parse(add.stdout) as { token: string }).token;
  }, 60_000);

  it('refuses --token with what to do instead, printing no configuration', async () => {
    const config = await runCli(home, ['agents', 'config', 'desk', '--for', 'cursor', '--token', token]);
    expect(config.code).not.toBe(0);
    expect(config.stderr).toContain('can be read by every account on this computer');
    expect(config.stderr).toContain('--token-stdin');
    expect(config.stdout).not.toContain(token);
    const home2 = join(home, 'client-home');
    mkdirSync(join(home2, '.cursor'), { recursive: true });
    const connect = await runCli(home, ['agents', 'connect', 'desk', '--client', 'cursor', '--token', token], { env: { HOME: home2 } });
    expect(connect.code).not.toBe(0);
    expect(connect.stderr).toContain('can be read by every account on this computer');
    expect(existsSync(join(home2, '.cursor', 'mcp.json'))).toBe(false);
  }, 60_000);

  it('takes the token piped in with --token-stdin, and refuses what is not a token', async () => {
    const piped = await runCli(home, ['agents', 'config', 'desk', '--for', 'cursor', '--token-stdin'], { input: `${token}\n` });
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toContain(token);
    const wrong = await runCli(home, ['agents', 'config', 'desk', '--for', 'cursor', '--token-stdin'], { input: 'hunter2' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('not an agent token');
    expect(wrong.stdout).not.toContain('hunter2');
  }, 60_000);
});
