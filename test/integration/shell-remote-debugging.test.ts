import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(ROOT, 'dist', 'shell-main.mjs');

interface Seen {
  running: boolean;
  exitCode?: number;
  errorBoxes: string[];
}

/** The bundled desktop main on the stand-in electron (shell-start-driver.ts), started with `args`; what it did before exiting. */
async function startWith(args: string[], env: Record<string, string> = {}): Promise<Seen> {
  const home = tempHome('cs-remote-debugging-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/integration/shell-start-driver.ts', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, STUB_APP_PATH: ROOT, CONNECTED_SERVICES_HOME: home, CONNECTED_SERVICES_PASSPHRASE: 'remote-debugging-test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the app driver exited with ${String(code)}:\n${stderr}`);
  return JSON.parse(stdout) as Seen;
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
