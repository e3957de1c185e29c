import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { CLI } from '../support/cli';
import { freePort } from '../support/ports';
import { linkOf, signIn } from '../support/serve';
import { quietHome, startUpCleanup, stop } from '../support/start-up';

/** `serve` as a person runs it (no --port, no --json): resolves with the address of its `Open:` line. */
function serveOpen(home: string, args: string[]): Promise<{ child: ChildProcess; open: string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, '--home', home, 'serve', '--bridge-port', '0', '--print-url', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve printed no Open address: ${stderr}`)), 20_000);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const open = /^\s*Open:\s+(\S+)$/.exec(line)?.[1];
      if (open === undefined) return;
      clearTimeout(timer);
      lines.removeAllListeners('line');
      resolve({ child, open, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
  });
}

/** The printed address works: its page loads and its one-time secret is traded for a session. */
async function expectWorkingLink(open: string): Promise<void> {
  const url = new URL(open);
  expect(url.hostname).toBe('127.0.0.1');
  expect((await fetch(`${url.origin}/`)).status).toBe(200);
  expect(await signIn(url.origin, linkOf(open))).toMatch(/\S{20,}/);
}

describe('the UI origin at start-up', () => {
  const { children, hold } = startUpCleanup();

  it('without --port each run has a UI origin of its own, whoever holds the last one; --port N keeps N', async () => {
    const home = quietHome();
    const first = await serveOpen(home, []);
    children.push(first.child);
    await expectWorkingLink(first.open);
    await stop(first.child);
    // Another program takes the last run's port, as one that waits to serve pages on that origin would.
    const old = new URL(first.open);
    await hold(Number(old.port));
    const second = await serveOpen(home, []);
    children.push(second.child);
    expect(new URL(second.open).origin).not.toBe(old.origin);
    await expectWorkingLink(second.open);
    expect(second.stderr()).not.toContain(old.port);
    await stop(second.child);
    const port = await freePort();
    const fixed = await serveOpen(home, ['--port', String(port)]);
    children.push(fixed.child);
    expect(new URL(fixed.open).origin).toBe(`http://127.0.0.1:${port}`);
    await expectWorkingLink(fixed.open);
  });
});
