import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { freePort } from '../support/ports';
import { startServe } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'dist', 'shell-main.mjs');

interface AppStart {
  child: ChildProcess;
  seen: { running: boolean; pid?: number; exitCode?: number; errorBoxes: string[] };
  stop(): Promise<number | null>;
}

/** The bundled desktop main on the stand-in electron (shell-start-driver.ts), for `home`, its bridge on a free port. */
async function startApp(home: string): Promise<AppStart> {
  const child = spawn(process.execPath, [...tsEntry('test/integration/shell-start-driver.ts'), MAIN], {
    cwd: ROOT,
    env: { ...process.env, STUB_APP_PATH: ROOT, CONNECTED_SERVICES_HOME: home, CONNECTED_SERVICES_PASSPHRASE: 'shell-start-test-passphrase' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the app driver exited with ${String(code)}:\n${stderr}`)));
  });
  return {
    child,
    seen: JSON.parse(line) as AppStart['seen'],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** A fresh data folder whose bridge port is a free one (serve's --bridge-port 0 overrides it). */
async function freshHome(prefix: string): Promise<string> {
  const dir = tempHome(prefix);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(dir, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: await freePort() } }), { mode: 0o600 });
  return dir;
}

const runtimePid = (home: string): number => (JSON.parse(readFileSync(path.join(home, 'runtime.json'), 'utf8')) as { pid: number }).pid;

// The desktop app wrote runtime.json without serve's start lock or its check for a running app:
// started beside `serve` for one data folder, both ran (two bridges, two watchers) and the app's
// runtime.json replaced serve's.
describe('the desktop app and serve: one app per data folder', () => {
  it('the app started while serve runs names it, starts nothing and exits 0; runtime.json still names serve', async () => {
    const home = await freshHome('cs-app-after-serve-');
    const served = await startServe(home);
    try {
      const app = await startApp(home);
      await app.stop();
      expect(app.seen).toMatchObject({ running: false, exitCode: 0 });
      expect(app.seen.errorBoxes).toHaveLength(1);
      expect(app.seen.errorBoxes[0]).toContain(`already running for this data folder (pid ${served.pid}`);
      expect(app.seen.errorBoxes[0]).toContain(`kill ${served.pid}`);
      expect(runtimePid(home)).toBe(served.pid);
      expect((await served.api('bridgeInfo')).status).toBe(200);
    } finally {
      await served.stop();
    }
  }, 120_000);

  it('the app started while serve runs without runtime.json is refused, naming serve; it starts nothing', async () => {
    const home = await freshHome('cs-app-beside-serve-');
    const served = await startServe(home);
    try {
      rmSync(path.join(home, 'runtime.json'));
      const app = await startApp(home);
      await app.stop();
      expect(app.seen).toMatchObject({ running: false, exitCode: 1 });
      expect(app.seen.errorBoxes).toHaveLength(1);
      expect(app.seen.errorBoxes[0]).toContain(`The app for this data folder is already running (pid ${served.pid}`);
      expect(app.seen.errorBoxes[0]).toContain(`Stop it (kill ${served.pid})`);
      expect(existsSync(path.join(home, 'runtime.json'))).toBe(false);
      expect((await served.api('bridgeInfo')).status).toBe(200);
    } finally {
      await served.stop();
    }
  }, 120_000);

  it('the app and serve started together: one runs, the other names it', async () => {
    const home = await freshHome('cs-app-with-serve-');
    const [app, served] = await Promise.all([startApp(home), startServe(home)]);
    try {
      if (app.seen.running) {
        expect(served.alreadyRunning).toBe(true);
        expect(served.pid).toBe(app.seen.pid);
      } else {
        expect(served.alreadyRunning).toBe(false);
        expect(app.seen).toMatchObject({ exitCode: 0 });
        expect(app.seen.errorBoxes[0]).toContain(`(pid ${served.pid}`);
      }
      expect(runtimePid(home)).toBe(app.seen.running ? app.seen.pid : served.pid);
    } finally {
      await Promise.all([app.stop(), served.stop()]);
    }
  }, 120_000);
});
