import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempHome } from '../support/cli';

// A program that forgot close() never exited: the watchers of mcp.json and approvals.json kept its
// event loop alive. They no longer do; with nothing else to do, the program ends.
describe('a program that never calls close()', () => {
  it('still exits once its own work is done', async () => {
    const home = tempHome('cs-library-no-close-');
    const child = spawn(process.execPath, [join(ROOT, 'test', 'fixtures', 'library', 'no-close.mjs')], {
      env: { ...process.env, CONNECTED_SERVICES_HOME: home, CONNECTED_SERVICES_PASSPHRASE: 'no-close-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    const ended = await new Promise<number | null | 'still running'>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve('still running');
      }, 30_000);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    expect(out.trim()).toBe(JSON.stringify({ servers: 0 }));
    expect(ended).toBe(0);
  }, 60_000);
});
