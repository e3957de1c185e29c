import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeFifo, settlesWithin } from '../../test/support';
import { JsonlLog } from './jsonl-log';

const Entry = z.object({ n: z.number() });

function lines(file: string): number[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { n: number }).n);
}

describe('JsonlLog batching', () => {
  it('writes what came during a write with the next batch, not at once after it', async () => {
    const timers: Array<() => void> = [];
    const log = new JsonlLog({ dir: mkdtempSync(join(tmpdir(), 'jsonl-')), base: 'log', schema: Entry, setTimer: (run) => timers.push(run) });
    log.append({ n: 1 });
    log.append({ n: 2 });
    expect(timers).toHaveLength(1);
    timers[0]?.();
    // These arrive while the first batch is being written: no timer until it is done.
    for (let n = 3; n <= 6; n++) log.append({ n });
    expect(timers).toHaveLength(1);
    await vi.waitFor(() => expect(timers).toHaveLength(2));
    expect(lines(log.file)).toEqual([1, 2]);
    timers[1]?.();
    await log.flush();
    expect(lines(log.file)).toEqual([1, 2, 3, 4, 5, 6]);
    await log.close();
  });

  it('keeps batching after a timer fires with nothing left to write (flush got there first)', async () => {
    const timers: Array<() => void> = [];
    const log = new JsonlLog({ dir: mkdtempSync(join(tmpdir(), 'jsonl-')), base: 'log', schema: Entry, setTimer: (run) => timers.push(run) });
    log.append({ n: 1 });
    await log.flush();
    timers[0]?.();
    log.append({ n: 2 });
    // A new batch timer, so the entry does not wait for the next flush.
    expect(timers).toHaveLength(2);
    timers[1]?.();
    await log.flush();
    expect(lines(log.file)).toEqual([1, 2]);
    await log.close();
  });

  it('flush writes everything queued without waiting for the timer', async () => {
    const log = new JsonlLog({ dir: mkdtempSync(join(tmpdir(), 'jsonl-')), base: 'log', schema: Entry, setTimer: () => undefined });
    for (let n = 1; n <= 3; n++) log.append({ n });
    await log.flush();
    expect(lines(log.file)).toEqual([1, 2, 3]);
    await log.close();
  });

  it('writes the entries still queued when the process exits (process.exit, an uncaught error)', () => {
    const module = fileURLToPath(new URL('./jsonl-log.ts', import.meta.url));
    for (const end of ['process.exit(0);', "throw new Error('crash');"]) {
      const dir = mkdtempSync(join(tmpdir(), 'jsonl-exit-'));
      const script = join(dir, 'run.mts');
      writeFileSync(
        script,
        `import { JsonlLog } from ${JSON.stringify(module)};\n` +
          `const log = new JsonlLog({ dir: ${JSON.stringify(dir)}, base: 'log', schema: { safeParse: () => ({ success: false }) } });\n` +
          `for (let n = 1; n <= 3; n++) log.append({ n });\n${end}\n`,
      );
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', cwd: fileURLToPath(new URL('../..', import.meta.url)) });
      expect(run.status, run.stderr).toBe(end.startsWith('throw') ? 1 : 0);
      expect(lines(join(dir, 'log.jsonl'))).toEqual([1, 2, 3]);
    }
  });

  it.runIf(process.platform !== 'win32')('skips a rotated file that is a FIFO or far too large, saying so, and reads the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jsonl-fifo-'));
    const notes: string[] = [];
    const log = new JsonlLog({ dir, base: 'log', schema: Entry, maxBytes: 64, keep: 3, log: (line) => notes.push(line) });
    log.append({ n: 1 });
    const fifo = makeFifo(join(dir, 'log.1.jsonl'));
    writeFileSync(join(dir, 'log.2.jsonl'), `${JSON.stringify({ n: 0 })}\n`.repeat(64));
    writeFileSync(join(dir, 'log.3.jsonl'), `${JSON.stringify({ n: 3 })}\n`);
    expect(await settlesWithin(log.readWhere(10), fifo)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(notes).toEqual([expect.stringContaining('log.1.jsonl is not a regular file'), expect.stringContaining('log.2.jsonl is larger than')]);
    await log.close();
  });
});
