import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, constants, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StdioProcessTransport } from '../../electron/pool/stdio-transport';
import { isAlive, tempDir, waitFor } from '../support/server-harness';

const left: number[] = [];
afterEach(() => {
  for (const pid of left.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

/**
 * Occupies every thread of libuv's pool with an open of a FIFO no one writes (it blocks until a writer
 * comes), as a loaded machine delays file reads; `release` lets them go. Reads of /proc wait meanwhile,
 * while a child's exit is still reaped on the event loop.
 */
function holdThreadpool(dir: string): () => void {
  const threads = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4);
  const fifos = Array.from({ length: threads }, (_, i) => join(dir, `fifo-${i}`));
  for (const fifo of fifos) execFileSync('mkfifo', [fifo]);
  const opens = fifos.map((fifo) => open(fifo, 'r'));
  return () => {
    // Opened for reading and writing, a FIFO opens at once on Linux and is a writer: every blocked open
    // returns, however many had started; both ends are closed once they have.
    const writers = fifos.map((fifo) => openSync(fifo, constants.O_RDWR));
    void Promise.all(opens).then(async (handles) => {
      await Promise.all(handles.map((h) => h.close()));
      for (const fd of writers) closeSync(fd);
    });
  };
}

/**
 * A server that exits the moment its stdin ends, having started a child in a process group of its own
 * (job control) that cleared its environment: only its session ties the child to the run, and that
 * counts only while the server lives. The stop must look before it closes the server's stdin.
 */
describe.skipIf(process.platform !== 'linux')('stdio stop: a server that exits at once when its input ends', () => {
  it('still ends the child it moved to a group of its own, though reading /proc is slow', async () => {
    const dir = tempDir('fast-exit-');
    const file = join(dir, 'pid');
    const script = `set -m; env -i sleep 600 </dev/null >/dev/null 2>&1 & echo $! > '${file}'; exec cat >/dev/null`;
    const transport = new StdioProcessTransport({ server: 'fast', command: 'bash', args: ['-c', script], env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' }, stopGraceMs: 500 });
    transport.onerror = () => undefined;
    await transport.start();
    const moved = await waitFor('the moved child to be started', () => (existsSync(file) && readFileSync(file, 'utf8').trim() !== '' ? Number(readFileSync(file, 'utf8')) : undefined));
    left.push(moved);
    expect(isAlive(moved)).toBe(true);
    const release = holdThreadpool(dir);
    const stopping = transport.close();
    // Long enough for the server to see its input end, exit and be reaped, had its stdin been closed first.
    await new Promise((resolve) => setTimeout(resolve, 500));
    release();
    await stopping;
    await waitFor('the moved child to die', () => !isAlive(moved), 5000);
  });
});
