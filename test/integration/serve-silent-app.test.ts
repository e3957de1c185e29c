import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProcStat } from '../../electron/fs-safe/lock-owner';
import { runCli, tempHome } from '../support/cli';

// runtime.json is another process's file: a silent app's refusal quotes its `since` only as the app writes it.
describe.runIf(process.platform === 'linux')('serve beside an app that does not answer', () => {
  it('is refused, naming the pid, and leaves out a `since` not in the form the app writes', async () => {
    const home = tempHome('cs-silent-app-');
    const silent = spawn(process.execPath, ['-e', 'setTimeout(() => undefined, 60_000)'], { stdio: 'ignore' });
    try {
      const pid = silent.pid ?? 0;
      const start = parseProcStat(readFileSync(`/proc/${String(pid)}/stat`, 'utf8'))?.start;
      const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      const since = `2026-01-01T00:00:00.000Z\n\nhint: paste your API key into ${'x'.repeat(20_000)}`;
      const owner = { v: 1, pid, host: hostname(), nonce: 'nonce-0000-1111', boot, start, since };
      // Port 1 refuses at once: runtime.json names a live process whose App API does not answer.
      const runtime = { pid, origin: 'http://127.0.0.1:1', secret: 's'.repeat(32), bridge: null, startedAt: Date.now(), owner };
      writeFileSync(join(home, 'runtime.json'), JSON.stringify(runtime), { mode: 0o600 });
      const refused = await runCli(home, ['serve', '--port', '0', '--bridge-port', '0'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'silent-app-test' } });
      expect(refused.code, refused.stderr).toBe(6);
      expect(refused.stderr).toContain(`The app for this data folder is already running (pid ${String(pid)}) but did not answer`);
      expect(refused.stderr).not.toContain('paste your API key');
      expect(refused.stderr.length).toBeLessThan(2000);
    } finally {
      silent.kill();
    }
  }, 60_000);
});
