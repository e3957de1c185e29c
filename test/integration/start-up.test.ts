import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli, runNode, tempHome, type CliResult } from '../support/cli';
import { startServe } from '../support/serve';
import { expectNoStackTrace, quietHome, startUpCleanup, stop } from '../support/start-up';
import { freePort } from '../support/ports';

const BRIDGE_DEFAULT = 47781;

/** `serve --json` with the default ports: resolves with the ready line and what stderr said by then. */
function serveDefaults(home: string): Promise<{ child: ChildProcess; ready: { ui: string; bridge: string | null }; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, '--home', home, 'serve', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not get ready: ${stderr}`)), 20_000);
    createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve({ child, ready: JSON.parse(line) as { ui: string; bridge: string | null }, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** `npm start` without the build step: build/start.mjs on a machine without Electron's binary or a display. */
function runStart(home: string, args: string[], extraEnv: Record<string, string> = {}): Promise<CliResult> {
  const env = { ...process.env, CONNECTED_SERVICES_HOME: home, DISPLAY: '', WAYLAND_DISPLAY: '', ...extraEnv };
  return runNode([join(ROOT, 'build', 'start.mjs'), ...args], { env, what: 'start.mjs' });
}

describe('start-up never fails by surprise', () => {
  const { children, hold } = startUpCleanup();

  it('takes a free bridge port when another program holds the default, and says which', async () => {
    await hold(BRIDGE_DEFAULT);
    const served = await serveDefaults(quietHome());
    children.push(served.child);
    expect(new URL(served.ready.bridge ?? '').port).not.toBe(String(BRIDGE_DEFAULT));
    expect((await fetch(`${new URL(served.ready.ui).origin}/health`)).status).toBe(200);
    expect(served.stderr()).toContain(`Port ${BRIDGE_DEFAULT} (the bridge's default) is in use by another program`);
    expectNoStackTrace({ stdout: '', stderr: served.stderr() });
  });

  it('refuses a busy UI port given with --port: exit 7, no stack trace', async () => {
    const port = await freePort();
    await hold(port);
    const result = await runCli(quietHome(), ['serve', '--port', String(port), '--bridge-port', '0']);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`error [server_unavailable]: Port ${port} for the UI (given with --port) is in use by another program`);
    expect(result.stderr).toContain('hint: ');
    expectNoStackTrace(result);
  });

  it('`npm start -- --port N` with N busy: the same clean exit 7 through build/start.mjs', async () => {
    const port = await freePort();
    await hold(port);
    const result = await runStart(quietHome(), ['--port', String(port), '--bridge-port', '0']);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`Port ${port} for the UI (given with --port) is in use`);
    expectNoStackTrace(result);
  });

  // `npm start` built first in silence (npm's prestart): the person waited without a word.
  it('`npm start` (start.mjs --build) says each step as it begins: building, built in, starting', async () => {
    const port = await freePort();
    await hold(port);
    const build = join(tempHome('cs-start-build-'), '..', 'stand-in-build.mjs');
    writeFileSync(build, "console.log('the stand-in build ran');\n");
    const result = await runStart(quietHome(), ['--build', '--port', String(port), '--bridge-port', '0'], { CONNECTED_SERVICES_TEST_BUILD_SCRIPT: build });
    const lines = result.stdout.split('\n');
    const at = (text: string) => lines.findIndex((line) => line.includes(text));
    expect(at('Building the app (seconds on an idle machine, a minute or more on a busy one)…')).toBe(0);
    expect(at('the stand-in build ran')).toBe(1);
    expect(lines[2]).toMatch(/^Built in \d+\.\d s\.$/);
    expect(lines[3]).toMatch(/starting the headless UI \(`connected-services serve`\)…$/);
    // The flag is start.mjs's own: serve got the rest (the busy port, refused as without it).
    expect(result.code).toBe(7);
  });

  // "about 10-20 s" was printed while a busy 2-core machine took 109 s: no promise, but a sign of life.
  it('`npm start` whose build runs long says it is still building, with the time so far', async () => {
    const port = await freePort();
    await hold(port);
    const build = join(tempHome('cs-start-build-'), '..', 'slow-build.mjs');
    writeFileSync(build, 'setTimeout(() => {}, 1000);\n');
    const result = await runStart(quietHome(), ['--build', '--port', String(port), '--bridge-port', '0'], {
      CONNECTED_SERVICES_TEST_BUILD_SCRIPT: build,
      CONNECTED_SERVICES_TEST_BUILD_TICK_MS: '50',
    });
    const lines = result.stdout.split('\n');
    expect(lines[0]).not.toMatch(/about \d/);
    expect(lines[1]).toMatch(/^ {2}still building \(\d+ s so far\)…$/);
    const built = lines.findIndex((line) => /^Built in \d+\.\d s\.$/.test(line));
    expect(built).toBeGreaterThan(1);
    expect(lines.slice(built).some((line) => line.includes('still building'))).toBe(false);
    expect(result.code).toBe(7);
  });

  // "Electron is not installed here" was said right after `npm install` installed it without its binary.
  it('`npm start` where Electron\'s binary did not download says how to fetch it', async () => {
    const port = await freePort();
    await hold(port);
    const result = await runStart(quietHome(), ['--port', String(port), '--bridge-port', '0'], { ELECTRON_OVERRIDE_DIST_PATH: join(tempHome('cs-no-electron-'), 'absent') });
    expect(result.stdout).toContain("Electron's binary is missing (its download at install failed or was skipped; `node node_modules/electron/install.js` fetches it); starting the headless UI");
    expect(result.stdout).not.toContain('Electron is not installed here');
    expect(result.code).toBe(7);
  });

  it('`npm start` whose build fails says so and starts nothing (exit 1)', async () => {
    const build = join(tempHome('cs-start-build-'), '..', 'failing-build.mjs');
    writeFileSync(build, 'process.exit(3);\n');
    const result = await runStart(quietHome(), ['--build', '--port', '0'], { CONNECTED_SERVICES_TEST_BUILD_SCRIPT: build });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: the build failed (exit 3); nothing was started.');
    expect(result.stdout).not.toContain('starting');
  });

  it('refuses a busy bridge port given with --bridge-port: exit 7, no stack trace', async () => {
    const port = await freePort();
    await hold(port);
    const result = await runCli(quietHome(), ['serve', '--port', '0', '--bridge-port', String(port)]);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`error [server_unavailable]: Port ${port} for the agent bridge (given with --bridge-port) is in use`);
    expectNoStackTrace(result);
  });

  it('refuses a busy bridge port from settings.bridgePort, naming the file', async () => {
    const port = await freePort();
    await hold(port);
    const home = quietHome({ bridgePort: port });
    const result = await runCli(home, ['serve', '--port', '0']);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain(`Port ${port} for the agent bridge (set in ${join(home, 'mcp.json')} (settings.bridgePort))`);
    expectNoStackTrace(result);
  });

  it('refuses a busy bridge port even when the demo servers would warm up: nothing spawns, nothing else is said', async () => {
    const port = await freePort();
    await hold(port);
    const result = await runCli(tempHome('cs-start-'), ['serve', '--port', '0', '--bridge-port', String(port)]);
    expect(result.code).toBe(7);
    expect(result.stderr).not.toContain('warming up');
    expectNoStackTrace(result);
  });

  it('reports an unusable data directory with a coded error, no stack trace', async () => {
    const file = join(dirname(quietHome()), 'a-file');
    writeFileSync(file, '');
    const result = await runCli(join(file, 'home'), ['serve', '--port', '0', '--bridge-port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_config\]: The data folder .* is a file, not a folder/m);
    expectNoStackTrace(result);
  });

  it.skipIf(process.getuid?.() === 0)('reports a data directory it may not write, no stack trace', async () => {
    const parent = dirname(quietHome());
    const locked = join(parent, 'locked');
    mkdirSync(locked, { mode: 0o500 });
    const result = await runCli(join(locked, 'home'), ['serve', '--port', '0', '--bridge-port', '0']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/^error \[\w+\]: /m);
    expectNoStackTrace(result);
  });
});

describe('a second start for the same data directory', () => {
  let home: string;
  let served: Awaited<ReturnType<typeof startServe>>;
  beforeAll(async () => {
    home = quietHome();
    // No address of the fixture's own: the --ui-link test below spends the command line's two at once.
    served = await startServe(home, undefined, undefined, undefined, { browserLink: false });
  });
  afterAll(async () => {
    await served.stop();
  });

  it('prints the running app’s address and exits 0', async () => {
    const result = await runCli(home, ['serve']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('already running');
    expect(result.stdout).toContain(served.origin);
    // The web UI's secret is never on disk, so a second start cannot (and must not) print it.
    expect(result.stdout).not.toContain(new URL(served.ui).hash.slice('#token='.length));
    expect(result.stdout).toContain(served.bridge ?? 'no bridge');
    expect(result.stdout).toContain('connected-services serve --ui-link');
    expectNoStackTrace(result);
    // The first one is untouched.
    expect((await served.api('bridgeInfo')).status).toBe(200);
  });

  it('with --json prints the running app’s origin and bridge, marked as already running', async () => {
    const result = await runCli(home, ['serve', '--json', '--port', '0']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ui: null, origin: served.origin, bridge: served.bridge, pid: served.child.pid, alreadyRunning: true });
  });

  it('with --ui-link has the running serve print a new sign-in address where it runs, never to the asker', async () => {
    const shown = served.nextLine();
    const result = await runCli(home, ['serve', '--ui-link']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('A new sign-in address is printed where it runs');
    const fresh = (JSON.parse(await shown) as { ui: string }).ui;
    expect(fresh).toMatch(new RegExp(`^${served.origin}/#token=[\\w-]{43}$`));
    const link = new URL(fresh).hash.slice('#token='.length);
    expect(result.stdout + result.stderr).not.toContain(link);
    // It signs a tab in, once.
    const trade = () => fetch(`${served.origin}/api/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ link }) });
    expect((await trade()).status).toBe(200);
    expect((await trade()).status).toBe(401);
    const json = await runCli(home, ['serve', '--ui-link', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ ui: null, alreadyRunning: true, linkShown: true });
  });

  it('`npm start` (build/start.mjs) for the same data directory: exit 0, the address, no stack trace', async () => {
    const result = await runStart(home, []);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('already running');
    expect(result.stdout).toContain(served.origin);
    expectNoStackTrace(result);
  });

  it('does not trust a runtime.json whose secret the running process does not accept', async () => {
    const other = quietHome();
    // A live pid (this test's) that serves nothing with that secret: a stale or foreign file.
    writeFileSync(
      join(other, 'runtime.json'),
      JSON.stringify({ pid: process.pid, origin: served.origin, secret: 'not-the-secret', bridge: null, startedAt: Date.now() }),
      { mode: 0o600 },
    );
    const child = spawn(process.execPath, [CLI, '--home', other, 'serve', '--port', '0', '--bridge-port', '0', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const ready = JSON.parse(line) as { ui: string; alreadyRunning?: boolean };
      expect(ready.alreadyRunning).toBeUndefined();
      expect(new URL(ready.ui).origin).not.toBe(served.origin);
    } finally {
      await stop(child);
    }
  });
});
