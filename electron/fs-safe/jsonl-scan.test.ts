import type * as FsPromises from 'node:fs/promises';
import { mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { JsonlLog } from './jsonl-log';

// The real file reads, counted per file name, with a hook run before a file is opened: a rotation
// can be made to happen at an exact point of a scan, no timing involved.
const spy = vi.hoisted(() => ({ bytes: new Map<string, number>(), beforeOpen: undefined as ((file: string) => void) | undefined, noInodes: false }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open = async (...args: Parameters<typeof actual.open>): ReturnType<typeof actual.open> => {
    const file = String(args[0]);
    spy.beforeOpen?.(file);
    const handle = await actual.open(...args);
    const read = handle.read.bind(handle) as (...rest: unknown[]) => Promise<FsPromises.FileReadResult<Buffer>>;
    const stat = handle.stat.bind(handle) as () => ReturnType<typeof handle.stat>;
    Object.assign(handle, {
      // A file system without inode numbers, as some report them.
      stat: async () => Object.assign(await stat(), spy.noInodes ? { ino: 0 } : {}),
      read: async (...rest: unknown[]) => {
        const result = await read(...rest);
        spy.bytes.set(basename(file), (spy.bytes.get(basename(file)) ?? 0) + result.bytesRead);
        return result;
      },
    });
    return handle;
  };
  return { ...actual, default: { ...actual, open }, open };
});

const Entry = z.object({ n: z.number() });
const KEEP = 6;
const PAD = 'x'.repeat(200);
const lines = (from: number, to: number): string => Array.from({ length: to - from }, (_, i) => `${JSON.stringify({ n: from + i, pad: PAD })}\n`).join('');
const newest = (from: number, to: number): number[] => Array.from({ length: from - to + 1 }, (_, i) => from - i);

/** A log of four files, 100 lines each: log.jsonl 300-399, log.1.jsonl 200-299, log.2.jsonl 100-199, log.3.jsonl 0-99. */
function fourFiles(): JsonlLog<{ n: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'jsonl-scan-'));
  for (const [k, name] of ['log.jsonl', 'log.1.jsonl', 'log.2.jsonl', 'log.3.jsonl'].entries()) {
    writeFileSync(join(dir, name), lines(300 - 100 * k, 400 - 100 * k), { mode: 0o600 });
  }
  return new JsonlLog({ dir, base: 'log', schema: Entry, maxBytes: 1024 * 1024, keep: KEEP });
}

/** What JsonlLog's rotation does (jsonl-rotation.ts), then `fresh` lines in the new current file. */
function rotate(dir: string, fresh: string): void {
  const at = (n: number): string => join(dir, `log.${n}.jsonl`);
  rmSync(at(KEEP), { force: true });
  for (let n = KEEP - 1; n >= 1; n--) {
    try {
      renameSync(at(n), at(n + 1));
    } catch {
      // Not there yet: fewer files than kept.
    }
  }
  renameSync(join(dir, 'log.jsonl'), at(1));
  writeFileSync(join(dir, 'log.jsonl'), fresh, { mode: 0o600 });
}

/** Rotates once, just before the scan opens `name`. */
function rotateBeforeOpening(dir: string, name: string, fresh: string): void {
  spy.beforeOpen = (file) => {
    if (basename(file) !== name) return;
    spy.beforeOpen = undefined;
    rotate(dir, fresh);
  };
}

afterEach(() => {
  spy.beforeOpen = undefined;
  spy.noInodes = false;
  spy.bytes.clear();
});

describe('scanning a log back from a cursor', () => {
  it('reads only the first line of each file newer than the cursor, and the cursor file and older ones whole', async () => {
    const log = fourFiles();
    const all = await log.scan({ limit: 1000, keep: () => true });
    expect(all.entries.map((e) => e.n)).toEqual(newest(399, 0));
    const cursor = all.positions[all.entries.findIndex((e) => e.n === 50)];
    spy.bytes.clear();
    const page = await log.scan({ limit: 10, keep: () => true, ...(cursor !== undefined ? { before: cursor } : {}) });
    expect(page.entries.map((e) => e.n)).toEqual(newest(49, 40));
    const size = statSync(join(log.dir, 'log.jsonl')).size;
    for (const newer of ['log.jsonl', 'log.1.jsonl', 'log.2.jsonl']) expect(spy.bytes.get(newer)).toBeLessThanOrEqual(4096);
    expect(spy.bytes.get('log.3.jsonl')).toBeGreaterThanOrEqual(size);
    // A cursor whose file is no longer kept reads no file's body.
    spy.bytes.clear();
    expect((await log.scan({ limit: 10, keep: () => true, before: `${'0'.repeat(16)}.5` })).entries).toEqual([]);
    for (const bytes of spy.bytes.values()) expect(bytes).toBeLessThanOrEqual(4096);
    await log.close();
  });
});

describe('paging a log while it rotates', () => {
  it('gives each line once, in write order, when a rotation comes during a scan and between two pages', async () => {
    const log = fourFiles();
    const page = async (before?: string): Promise<{ ns: number[]; last: string | undefined }> => {
      const { entries, positions } = await log.scan({ limit: 150, keep: () => true, ...(before !== undefined ? { before } : {}) });
      return { ns: entries.map((e) => e.n), last: positions.at(-1) };
    };
    // The current file was read; before the next is opened, it is rotated to the name read next.
    rotateBeforeOpening(log.dir, 'log.1.jsonl', lines(400, 410));
    const first = await page();
    expect(first.ns).toEqual(newest(399, 250));
    // Between two pages: the cursor's file moves to another name.
    rotate(log.dir, lines(410, 420));
    // During the next page: the cursor's file, just read, is renamed to the name read next.
    rotateBeforeOpening(log.dir, 'log.4.jsonl', lines(420, 430));
    const second = await page(first.last);
    expect(second.ns).toEqual(newest(249, 100));
    const third = await page(second.last);
    expect(third.ns).toEqual(newest(99, 0));
    await log.close();
  });

  it('reads every file where the file system gives no inode numbers', async () => {
    const log = fourFiles();
    spy.noInodes = true;
    expect((await log.scan({ limit: 1000, keep: () => true })).entries.map((e) => e.n)).toEqual(newest(399, 0));
    await log.close();
  });
});
