import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'logs no app passphrase', PATH: dirname(process.execPath) };

// With no app, `logs files` said "`connected-services status` shows each server's last error now",
// but `status` starts fresh then and shows none: the hint names what does show it.
describe('logs with no app running', () => {
  let home: string;
  const cli = (args: string[]) => runCli(home, args, { env: ENV, timeoutMs: 60_000 });

  beforeAll(async () => {
    home = await passphraseHome(ENV, 'cs-logs-no-app-');
    const crash = { command: process.execPath, args: ['-e', "console.error('config error: FILES_ROOT is not set'); process.exit(2)"] };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { files: crash } }), { mode: 0o600 });
    const approved = await cli(['servers', 'approve', 'files']);
    expect(approved.code, approved.stderr).toBe(0);
  }, 60_000);

  it('points at a command that shows the failing server’s error without the app, and that command does', async () => {
    expect((await cli(['tools', 'files'])).code).toBe(7);
    const logs = await cli(['logs', 'files']);
    expect(logs.code).toBe(7);
    expect(logs.stderr).not.toContain('`connected-services status` shows');
    expect(logs.stderr).toContain('without it, `connected-services tools files --refresh` starts files once and prints its error with the last lines it printed');
    // What the hint promises, after a first start already failed.
    const again = await cli(['tools', 'files', '--refresh']);
    expect(again.code).toBe(7);
    expect(again.stderr).toContain('"files" exited with code 2 while starting: config error: FILES_ROOT is not set');
    expect(again.stderr).toMatch(/its output ended with:\n {4}config error: FILES_ROOT is not set/);
  });
});
