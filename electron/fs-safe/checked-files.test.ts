import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CHECKED_MEMO, CheckedFiles } from './checked-files';
import { readJsonFile } from './read-json-file';

const Schema = z.object({ server: z.string(), count: z.number() });

/** A folder with `a.json` as given, and a memo for it as a process starting now would have it. */
function folder(text: string): { dir: string; file: string; fresh: (stamp?: string) => CheckedFiles } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-checked-'));
  const file = join(dir, 'a.json');
  writeFileSync(file, text);
  return { dir, file, fresh: (stamp = 'test v1') => new CheckedFiles(dir, stamp) };
}

/** Reads `file` with a memo of its own, counting the schema's checks. */
async function readCounting(file: string, checked: CheckedFiles, schema: z.ZodType<unknown> = Schema): Promise<{ read: unknown; checks: number }> {
  const spy = vi.spyOn(schema, 'safeParse');
  try {
    const read = await readJsonFile(file, schema, 'a', checked);
    return { read, checks: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe('CheckedFiles with readJsonFile', () => {
  it('reads bytes that passed unchanged in an earlier process without the schema, to the same value', async () => {
    const { dir, file, fresh } = folder('{"server":"a","count":2}');
    const first = fresh();
    expect(await readCounting(file, first)).toEqual({ read: { ok: true, value: { server: 'a', count: 2 } }, checks: 1 });
    await first.save();
    expect(existsSync(join(dir, CHECKED_MEMO))).toBe(true);
    expect(await readCounting(file, fresh())).toEqual({ read: { ok: true, value: { server: 'a', count: 2 } }, checks: 0 });
  });

  it('checks a changed file in full again: an edit that breaks the schema is still refused', async () => {
    const { file, fresh } = folder('{"server":"a","count":2}');
    const first = fresh();
    await readCounting(file, first);
    await first.save();
    writeFileSync(file, '{"server":"a","count":"2"}');
    const read = await readCounting(file, fresh());
    expect(read.checks).toBe(1);
    expect(read.read).toMatchObject({ ok: false, reason: expect.stringMatching(/^invalid \(/) as unknown });
  });

  it("does not remember a file the schema changed (a key dropped, a default filled in): its value is the schema's", async () => {
    const { file, fresh } = folder('{"server":"a","count":2,"extra":true}');
    const first = fresh();
    expect((await readCounting(file, first)).read).toEqual({ ok: true, value: { server: 'a', count: 2 } });
    await first.save();
    expect(await readCounting(file, fresh())).toEqual({ read: { ok: true, value: { server: 'a', count: 2 } }, checks: 1 });
  });

  it("trusts no memo of another stamp (another file format or build), nor a damaged one", async () => {
    const { dir, file, fresh } = folder('{"server":"a","count":2}');
    const first = fresh('test v1');
    await readCounting(file, first);
    await first.save();
    expect((await readCounting(file, fresh('test v2'))).checks).toBe(1);
    writeFileSync(join(dir, CHECKED_MEMO), '{"version":1,"stamp":');
    expect((await readCounting(file, fresh('test v1'))).checks).toBe(1);
  });

  it('keeps each build its own part of a shared memo (the desktop app and the command line)', async () => {
    const { file, fresh } = folder('{"server":"a","count":2}');
    for (const stamp of ['app', 'cli']) {
      const memo = fresh(stamp);
      expect((await readCounting(file, memo)).checks).toBe(1);
      await memo.save();
    }
    expect((await readCounting(file, fresh('app'))).checks).toBe(0);
    expect((await readCounting(file, fresh('cli'))).checks).toBe(0);
  });

  it("still refuses a server's file that names another server, however often it was read", async () => {
    const { file, fresh } = folder('{"server":"b","count":2}');
    const first = fresh();
    expect((await readCounting(file, first)).read).toEqual({ ok: false, reason: 'belongs to "b"' });
    await first.save();
    expect((await readCounting(file, fresh())).read).toEqual({ ok: false, reason: 'belongs to "b"' });
  });
});
