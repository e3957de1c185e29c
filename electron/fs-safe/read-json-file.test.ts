import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeFifo, settlesWithin } from '../../test/support';
import { readJsonFile } from './read-json-file';

const Schema = z.object({ server: z.string(), count: z.number() });

describe('readJsonFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cs-json-file-'));
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('gives the value checked by the schema', async () => {
    expect(await readJsonFile(file('ok.json', '{"server":"ok","count":2}'), Schema, 'ok')).toEqual({ ok: true, value: { server: 'ok', count: 2 } });
    expect(await readJsonFile(file('any.json', '{"server":"x","count":1}'), Schema)).toEqual({ ok: true, value: { server: 'x', count: 1 } });
  });

  it('says missing for a file that is not there', async () => {
    expect(await readJsonFile(join(dir, 'none.json'), Schema)).toEqual({ ok: false, reason: 'missing' });
  });

  it('says not a regular file for a folder or a FIFO, without waiting on the FIFO', async () => {
    const folder = join(dir, 'folder.json');
    mkdirSync(folder);
    const reason = 'not a regular file (a FIFO, a device or a folder)';
    expect(await readJsonFile(folder, Schema)).toEqual({ ok: false, reason });
    if (process.platform === 'win32') return;
    const fifo = makeFifo(join(dir, 'fifo.json'));
    expect(await settlesWithin(readJsonFile(fifo, Schema), fifo)).toEqual({ ok: false, reason });
  });

  it('says unreadable, with the error code, for a file it may not read', async () => {
    if (process.getuid?.() === 0) return;
    const locked = file('locked.json', '{}');
    chmodSync(locked, 0);
    expect(await readJsonFile(locked, Schema)).toEqual({ ok: false, reason: 'unreadable (EACCES)' });
  });

  it('says not valid JSON for text that is not JSON', async () => {
    expect(await readJsonFile(file('text.json', '{"server": '), Schema)).toEqual({ ok: false, reason: 'not valid JSON' });
  });

  it("says invalid, with the schema's first message, for JSON of another shape", async () => {
    const read = await readJsonFile(file('shape.json', '{"server":"s","count":"two"}'), Schema, 's');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(/^invalid \(.+\)$/);
  });

  it("refuses a server's file that names another server", async () => {
    expect(await readJsonFile(file('a.json', '{"server":"b","count":1}'), Schema, 'a')).toEqual({ ok: false, reason: 'belongs to "b"' });
  });
});
