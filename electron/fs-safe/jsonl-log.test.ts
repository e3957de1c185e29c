import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
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
  it('writes a batch when it runs, at once, and arms one batch for what comes after it', () => {
    const timers: Array<() => void> = [];
    const log = new JsonlLog({ dir: mkdtempSync(join(tmpdir(), 'jsonl-')), base: 'log', schema: Entry, setTimer: (run) => timers.push(run) });
    log.append({ n: 1 });
    log.append({ n: 2 });
    expect(timers).toHaveLength(1);
    timers[0]?.();
    // Written synchronously: no threadpool round trip, nothing left for a later turn.
    expect(lines(log.file)).toEqual([1, 2]);
    for (let n = 3; n <= 6; n++) log.append({ n });
    expect(timers).toHaveLength(2);
    timers[1]?.();
    expect(lines(log.file)).toEqual([1, 2, 3, 4, 5, 6]);
    void log.close();
  });

  it("by default writes what one run of code appended before that code's awaiting callers go on", async () => {
    const log = new JsonlLog({ dir: mkdtempSync(join(tmpdir(), 'jsonl-')), base: 'log', schema: Entry });
    const handler = async (): Promise<string> => {
      await Promise.resolve(); // as a handler appends after what it awaited (the server's answer)
      for (let n = 1; n <= 3; n++) log.append({ n });
      return 'answer';
    };
    // As a request handler's caller sends the answer: the entries are in the file by then.
    const seen = await handler().then((answer) => ({ answer, lines: lines(log.file) }));
    expect(seen).toEqual({ answer: 'answer', lines: [1, 2, 3] });
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
