import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { runShellDriver, SHELL_MAIN as MAIN } from '../support/shell-driver';

interface Seen {
  running: boolean;
  exitCode?: number;
  errorBoxes: string[];
}

/** The bundled desktop main on the stand-in electron (shell-start-driver.ts), started with `args`; what it did before exiting. */
async function startWith(args: string[], env: Record<string, string> = {}): Promise<Seen> {
  const home = tempHome('cs-remote-debugging-');
  const { printed } = await runShellDriver('test/integration/shell-start-driver.ts', home, { CONNECTED_SERVICES_PASSPHRASE: 'remote-debugging-test', ...env }, args);
  return printed as unknown as Seen;
}

// Started with a DevTools or inspector switch, the app would let any local program drive its window.
describe('the desktop app refuses to start open to a debugger', () => {
  it.each([['--remote-debugging-port=9222'], ['--remote-debugging-pipe'], ['--inspect=0']])('%s: says why and exits 1 before it starts anything', async (arg) => {
    expect(existsSync(MAIN)).toBe(true);
    const seen = await startWith([arg]);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toHaveLength(1);
    expect(seen.errorBoxes[0]).toContain(`does not start with ${arg.split('=')[0] ?? ''}`);
    expect(seen.errorBoxes[0]).toContain('CONNECTED_SERVICES_DEV=1');
  }, 60_000);

  it('NODE_OPTIONS carrying --inspect is refused too', async () => {
    // The variable reaches only the bundle: the driver's own Node would open an inspector itself.
    const seen = await startWith([], { NODE_OPTIONS: '--inspect-port=0 --max-old-space-size=2048' });
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes[0]).toContain('does not start with NODE_OPTIONS=--inspect-port');
  }, 60_000);
});

// Started with the window's walls down, a service's app could reach the app's own pages and this computer.
describe('the desktop app refuses to start with its isolation weakened', () => {
  it.each([['--disable-web-security'], ['--disable-site-isolation-trials'], ['--disable-features=IsolateOrigins,site-per-process']])('%s: says why and exits 1 before it starts anything', async (arg) => {
    const seen = await startWith([arg]);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toHaveLength(1);
    expect(seen.errorBoxes[0]).toContain(`does not start with ${arg.split(',')[0] ?? ''}`);
  }, 60_000);
});

// Started with its requests sent through a proxy or a host map, the window's traffic is another program's to read and answer.
describe('the desktop app refuses to start with its requests sent elsewhere', () => {
  it.each([['--host-rules=MAP * 127.0.0.1:9'], ['--proxy-server=127.0.0.1:9'], ['--proxy-pac-url=http://127.0.0.1:9/p.pac']])('%s: says why and exits 1 before it starts anything', async (arg) => {
    const seen = await startWith([arg]);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toHaveLength(1);
    expect(seen.errorBoxes[0]).toContain(`does not start with ${arg.split('=')[0] ?? ''}: it would let another program on this computer`);
  }, 60_000);

  it('--proxy-auto-detect (a PAC script from whoever answers as wpad) is refused too', async () => {
    const seen = await startWith(['--proxy-auto-detect']);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes[0]).toContain('does not start with --proxy-auto-detect: it would let a program on this computer or any host of the network');
  }, 60_000);

  it('--js-flags is refused as weakened isolation, a development build too', async () => {
    const seen = await startWith(['--js-flags=--allow-natives-syntax'], { CONNECTED_SERVICES_DEV: '1' });
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes[0]).toContain("does not start with --js-flags: it would let a service's app");
  }, 60_000);
});

// Started writing Chromium's log, what the window's pages say goes to stderr or a file another program reads.
describe("the desktop app refuses to start writing Chromium's log", () => {
  it.each([[['--enable-logging'], '--enable-logging'], [['--enable-logging=file'], '--enable-logging'], [['--log-file=/tmp/cs.log'], '--log-file']])('%j: says why and exits 1 before it starts anything', async (args, what) => {
    const seen = await startWith(args);
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes).toHaveLength(1);
    expect(seen.errorBoxes[0]).toContain(`does not start with ${what}: Chromium's log would take what the window's pages say`);
  }, 60_000);

  it('ELECTRON_ENABLE_LOGGING, the same asked by a variable, is refused too', async () => {
    const seen = await startWith([], { ELECTRON_ENABLE_LOGGING: '1' });
    expect(seen).toMatchObject({ running: false, exitCode: 1 });
    expect(seen.errorBoxes[0]).toContain('does not start with ELECTRON_ENABLE_LOGGING:');
  }, 60_000);
});
