import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../shared/errors';
import type { AuditEntry, AuditQuery } from './audit-entry';
import { AuditLog } from './audit-log';
import { ReadSlots } from './audit-reads';

function entry(i: number): AuditEntry {
  return { time: i, agent: i % 2 === 0 ? 'even' : 'odd', server: 's', kind: 'tool', tool: 't', durationMs: 1, outcome: 'ok' };
}

/** Every page of `query`, following `older` to the end: the times of each page. */
async function pages(log: AuditLog, query: AuditQuery): Promise<number[][]> {
  const all: number[][] = [];
  let before: string | undefined;
  for (;;) {
    const page = await log.read({ ...query, ...(before !== undefined ? { before } : {}) });
    all.push(page.map((e) => e.time));
    expect(page.slice(0, -1).some((e) => e.older)).toBe(false);
    const last = page.at(-1);
    if (last?.older !== true) return all;
    before = last.at;
    expect(before).toMatch(/^[0-9a-f]{16}\.\d+$/);
  }
}

const newest = (from: number, to: number, step = 1): number[] => {
  const list: number[] = [];
  for (let i = from; i >= to; i -= step) list.push(i);
  return list;
};

describe('AuditLog pages', () => {
  it('pages back in write order, with and without filters, and says older only when there is a next page', async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-pages-')) });
    for (let i = 0; i < 25; i++) log.append(entry(i));
    expect(await pages(log, { limit: 10 })).toEqual([newest(24, 15), newest(14, 5), newest(4, 0)]);
    // Exactly a page left: the page before it says older, the last one does not.
    expect(await pages(log, { limit: 5 })).toEqual([newest(24, 20), newest(19, 15), newest(14, 10), newest(9, 5), newest(4, 0)]);
    expect(await pages(log, { agent: 'even', limit: 4 })).toEqual([[24, 22, 20, 18], [16, 14, 12, 10], [8, 6, 4, 2], [0]]);
    await log.close();
  });

  it('keeps its place while newer entries rotate the file it points into, and ends when that file is rotated out', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-pages-'));
    const log = new AuditLog({ dataDir, maxBytes: 700, keep: 3 });
    const write = async (from: number, to: number): Promise<void> => {
      for (let i = from; i < to; i++) {
        log.append(entry(i));
        await log.flush();
      }
    };
    await write(0, 12);
    const first = await log.read({ limit: 3 });
    expect(first.map((e) => e.time)).toEqual([11, 10, 9]);
    const cursor = first.at(-1)?.at;
    expect(first.at(-1)?.older).toBe(true);
    // Newer entries rotate the cursor's file to audit.1.jsonl, then audit.2.jsonl.
    await write(12, 20);
    expect(readdirSync(log.dir).filter((f) => f.endsWith('.jsonl')).length).toBeGreaterThanOrEqual(3);
    const next = await log.read({ limit: 3, ...(cursor !== undefined ? { before: cursor } : {}) });
    expect(next.map((e) => e.time)).toEqual([8, 7, 6]);
    // Enough more that every file the cursor's page was in is removed: nothing older is left of it.
    await write(20, 60);
    expect(await log.read({ limit: 3, ...(cursor !== undefined ? { before: cursor } : {}) })).toEqual([]);
    await log.close();
  });

  it('pages through lines written before positions existed, across a rotated file, skipping a torn line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'audit-pages-'));
    const dir = join(dataDir, 'audit');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const lines = (from: number, to: number): string => newest(to - 1, from).reverse().map((i) => `${JSON.stringify(entry(i))}\n`).join('');
    writeFileSync(join(dir, 'audit.1.jsonl'), `${lines(0, 5)}{"time":5,"agent\n${lines(6, 9)}`, { mode: 0o600 });
    writeFileSync(join(dir, 'audit.jsonl'), lines(9, 13), { mode: 0o600 });
    const log = new AuditLog({ dataDir });
    expect(await pages(log, { limit: 3 })).toEqual([[12, 11, 10], [9, 8, 7], [6, 4, 3], [2, 1, 0]]);
    await log.close();
  });

  it('refuses a cursor that names no line, and reads nothing for one of a file it does not hold', async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-pages-')) });
    for (let i = 0; i < 3; i++) log.append(entry(i));
    expect(await log.read({ before: 'not-a-cursor' })).toEqual([]);
    expect(await log.read({ before: `${'0'.repeat(16)}.2` })).toEqual([]);
    await log.close();
  });
});

describe('readAudit scans at once', () => {
  it('runs two reads at once, queues a few more, and refuses the rest as busy, saying to try again', async () => {
    const log = new AuditLog({ dataDir: mkdtempSync(join(tmpdir(), 'audit-pages-')) });
    log.append(entry(1));
    const reads = Array.from({ length: 11 }, () => log.read({}).then((list) => list.length, (error: unknown) => error));
    const answers = await Promise.all(reads);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(1));
    const refused = answers[10];
    expect(isCodedError(refused) && refused.code).toBe('rate_limited');
    expect(isCodedError(refused) && `${refused.message} ${refused.hint ?? ''}`).toMatch(/being read .* at once.*Try again/);
    // Once they end, a read runs again.
    expect(await log.read({})).toHaveLength(1);
    await log.close();
  });

  it('never runs more than two at once', async () => {
    const slots = new ReadSlots(2, 10);
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const read = async (): Promise<void> => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
    };
    const all = Array.from({ length: 6 }, () => slots.run(read, () => new Error('busy')));
    for (let done = 0; done < 6; done++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    await Promise.all(all);
    expect(most).toBe(2);
  });
});
