// Real processes hold the lock: the cases that decided the design (a stopped owner, a killed owner).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { withFileLock } from './file-lock';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FS_SAFE = fileURLToPath(new URL('./index.ts', import.meta.url));

// Takes the lock, says "held", keeps it until stdin ends, says "released".
const HOLDER = `
import { withFileLock } from ${JSON.stringify(FS_SAFE)};
const [file, staleMs] = process.argv.slice(1);
await withFileLock(file, { staleMs: Number(staleMs), timeoutMs: 10_000 }, async () => {
  process.stdout.write('held\\n');
  await new Promise((resolve) => process.stdin.on('end', resolve).resume());
});
process.stdout.write('released\\n');
`;

interface Holder {
  child: ChildProcessWithoutNullStreams;
  next(): Promise<string>;
}

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const child of children.splice(0)) {
    if (process.platform !== 'win32') child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
});

function startHolder(file: string, staleMs: number): Holder {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOLDER, file, String(staleMs)], { cwd: ROOT });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    async next() {
      const line = await Promise.race([
        lines.next(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the holder said nothing within 15 s: ${stderr}`)), 15_000)),
      ]);
      if (line.done) throw new Error(`the holder exited: ${stderr}`);
      return line.value;
    },
  };
}

const exited = (child: ChildProcessWithoutNullStreams): Promise<unknown> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));

describe('the file lock across real processes', () => {
  // Windows has no SIGSTOP.
  it.skipIf(process.platform === 'win32')('a stopped owner (SIGSTOP, Ctrl-Z, suspend) keeps its lock well past staleMs, and gets on after SIGCONT', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-lock-stop-')), 'token');
    // 2 s: the smallest stale value the earlier mtime-based lock accepted; it took the lock over after it.
    const holder = startHolder(file, 2_000);
    expect(await holder.next()).toBe('held');
    process.kill(holder.child.pid ?? 0, 'SIGSTOP');
    try {
      const error = await withFileLock(file, { staleMs: 2_000, timeoutMs: 4_500 }, () => Promise.resolve('stolen')).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'timeout', message: expect.stringContaining(`pid ${String(holder.child.pid)}`) as unknown });
    } finally {
      process.kill(holder.child.pid ?? 0, 'SIGCONT');
    }
    holder.child.stdin.end();
    expect(await holder.next()).toBe('released');
    await expect(withFileLock(file, { staleMs: 2_000, timeoutMs: 5_000 }, () => Promise.resolve('mine'))).resolves.toBe('mine');
  }, 30_000);

  it('the lock of an owner killed with SIGKILL is taken over at once, long before staleMs', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-lock-kill-')), 'token');
    const holder = startHolder(file, 600_000);
    expect(await holder.next()).toBe('held');
    holder.child.kill('SIGKILL');
    await exited(holder.child);
    await expect(withFileLock(file, { staleMs: 600_000, timeoutMs: 5_000 }, () => Promise.resolve('taken over'))).resolves.toBe('taken over');
  }, 30_000);
});
