import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

// The start lock covered only start-up: with runtime.json deleted, a second serve found no app and
// ran beside the first on the same folder (two bridges, two watchers, one vault).
describe('serve holds its data folder for its whole life', () => {
  it('a second serve is refused while the first runs without runtime.json, and starts once the first is killed -9', async () => {
    const home = tempHome('cs-serve-life-');
    const first = await startServe(home);
    let second: Awaited<ReturnType<typeof startServe>> | undefined;
    let killed = false;
    try {
      expect(existsSync(join(home, 'app.lock'))).toBe(true);
      rmSync(join(home, 'runtime.json'));
      const refused = await runCli(home, ['serve', '--port', '0', '--bridge-port', '0'], { timeoutMs: 60_000 });
      expect(refused.code, refused.stderr).toBe(4);
      expect(refused.stderr).toContain(`The app for this data folder is already running (pid ${first.pid}`);
      expect(refused.stderr).toContain(`Stop it (kill ${first.pid})`);
      expect(refused.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(join(home, 'runtime.json'))).toBe(false);
      expect((await first.api('bridgeInfo')).status).toBe(200);

      // kill -9 leaves app.lock naming a dead process: the next start takes it over.
      const gone = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await gone;
      killed = true;
      second = await startServe(home);
      expect(second.alreadyRunning).toBe(false);
      expect(second.pid).not.toBe(first.pid);
      expect((await second.api('bridgeInfo')).status).toBe(200);
      expect(await second.stop()).toBe(0);
      // A clean stop lets the folder go: nothing is left for the next start to judge.
      expect(existsSync(join(home, 'app.lock'))).toBe(false);
    } finally {
      // stop() waits for an exit code, which a process killed by a signal never gets.
      if (!killed) await first.stop();
      await second?.stop();
    }
  }, 120_000);

  // Deleting app.lock with runtime.json left nothing naming the running app: a second serve started
  // beside it. The holder writes its lock back.
  it('a second serve is refused, naming the first, after app.lock is deleted by hand (runtime.json too)', async () => {
    const home = tempHome('cs-serve-life-rm-');
    const lock = join(home, 'app.lock');
    const first = await startServe(home);
    try {
      // With runtime.json still there, a second serve leads to the first one.
      rmSync(lock);
      const second = await startServe(home);
      expect(second.alreadyRunning).toBe(true);
      expect(second.pid).toBe(first.pid);

      rmSync(lock, { force: true });
      rmSync(join(home, 'runtime.json'));
      // Waits for the first serve's keeper to have looked, not for a time.
      await vi.waitFor(() => expect((JSON.parse(readFileSync(lock, 'utf8')) as { pid: number }).pid).toBe(first.pid), { timeout: 30_000, interval: 50 });
      const refused = await runCli(home, ['serve', '--port', '0', '--bridge-port', '0'], { timeoutMs: 60_000 });
      expect(refused.code, refused.stderr).toBe(4);
      expect(refused.stderr).toContain(`The app for this data folder is already running (pid ${first.pid}`);
      expect((await first.api('bridgeInfo')).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    expect(existsSync(lock)).toBe(false);
  }, 120_000);
});
