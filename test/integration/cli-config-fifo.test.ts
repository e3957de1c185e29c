import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// Opening a FIFO for reading waits for a writer (POSIX open(2)): a FIFO as mcp.json hung `servers list`.
describe.skipIf(process.platform === 'win32')('CLI: an mcp.json that is no regular file', () => {
  it('is refused at once with a clear error, by the commands that read and that edit it', async () => {
    const home = tempHome('cs-cli-config-fifo-');
    mkdirSync(home, { recursive: true });
    execFileSync('mkfifo', [join(home, 'mcp.json')]);
    const list = await runCli(home, ['servers', 'list'], { timeoutMs: 20_000 });
    expect(list.code).toBe(2);
    expect(list.stderr).toContain('not a regular file');
    const add = await runCli(home, ['servers', 'add', 'web', '--url', 'https://api.example.com/mcp'], { timeoutMs: 20_000 });
    expect(add.code).toBe(2);
    expect(add.stderr).toContain('not a regular file');
  }, 60_000);
});

// The same for the data folder's state files: each is read through the regular-file check.
describe.skipIf(process.platform === 'win32')('CLI: a state file of the data folder that is a FIFO', () => {
  it('agents.json (read synchronously) and approvals.json give a clear error at once', async () => {
    for (const [file, args] of [
      ['agents.json', ['agents', 'list']],
      ['approvals.json', ['servers', 'list']],
    ] as const) {
      const home = tempHome('cs-cli-state-fifo-');
      mkdirSync(home, { recursive: true });
      execFileSync('mkfifo', [join(home, file)]);
      const run = await runCli(home, [...args], { timeoutMs: 20_000 });
      expect(run.stderr).toContain(`${file} is not a regular file`);
      expect(run.code).toBe(2);
    }
  }, 60_000);
});
