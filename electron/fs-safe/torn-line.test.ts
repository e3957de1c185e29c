import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonlLog } from './jsonl-log';

const Entry = z.object({ n: z.number() });
const logIn = (dir: string) => new JsonlLog({ dir, base: 'log', schema: Entry, setTimer: () => undefined });

describe('a log whose last line was torn', () => {
  it('ends the fragment with a newline before the next entry, so that entry is read back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torn-'));
    writeFileSync(join(dir, 'log.jsonl'), '{"n":1}\n{"n":2,"outc');
    const log = logIn(dir);
    log.append({ n: 3 });
    await log.close();
    expect(readFileSync(join(dir, 'log.jsonl'), 'utf8')).toBe('{"n":1}\n{"n":2,"outc\n{"n":3}\n');
    expect(await logIn(dir).readWhere(10)).toEqual([{ n: 3 }, { n: 1 }]);
  });

  it('adds nothing to a file that ends with a newline, or to an empty one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'torn-'));
    writeFileSync(join(dir, 'log.jsonl'), '{"n":1}\n');
    const log = logIn(dir);
    log.append({ n: 2 });
    await log.close();
    expect(readFileSync(join(dir, 'log.jsonl'), 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    const empty = mkdtempSync(join(tmpdir(), 'torn-'));
    writeFileSync(join(empty, 'log.jsonl'), '');
    const fresh = logIn(empty);
    fresh.append({ n: 1 });
    await fresh.close();
    expect(readFileSync(join(empty, 'log.jsonl'), 'utf8')).toBe('{"n":1}\n');
  });

  it('ends it on the write at exit too (what was queued when the process ended)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'torn-'));
    writeFileSync(join(dir, 'log.jsonl'), '{"n":1,"ou');
    const log = logIn(dir);
    log.append({ n: 2 });
    log.writeQueuedSync();
    expect(readFileSync(join(dir, 'log.jsonl'), 'utf8')).toBe('{"n":1,"ou\n{"n":2}\n');
  });
});
