import { execFileSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRegularFile } from './read-regular-file';

describe('readRegularFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cs-regular-file-'));

  it('reads a regular file within the bound, and says why it reads nothing otherwise', async () => {
    writeFileSync(join(dir, 'ok'), 'abc');
    writeFileSync(join(dir, 'empty'), '');
    writeFileSync(join(dir, 'big'), 'x'.repeat(11));
    expect(await readRegularFile(join(dir, 'ok'), 10)).toEqual({ bytes: Buffer.from('abc') });
    expect(await readRegularFile(join(dir, 'empty'), 10)).toEqual({ problem: 'empty' });
    expect(await readRegularFile(join(dir, 'big'), 10)).toEqual({ problem: 'too_large' });
    expect(await readRegularFile(join(dir, 'missing'), 10)).toMatchObject({ problem: 'unreadable', cause: { code: 'ENOENT' } });
    expect(await readRegularFile(dir, 10)).toEqual({ problem: 'not_regular' });
  });

  it.runIf(process.platform !== 'win32')('with noFollow refuses a link instead of reading what it leads to, and gives the stat of the handle read', async () => {
    writeFileSync(join(dir, 'real'), 'abc');
    execFileSync('ln', ['-s', join(dir, 'real'), join(dir, 'link')]);
    expect(await readRegularFile(join(dir, 'link'), 10, { noFollow: true })).toMatchObject({ problem: 'unreadable', cause: { code: 'ELOOP' } });
    const read = await readRegularFile(join(dir, 'real'), 10, { noFollow: true });
    expect(read).toMatchObject({ bytes: Buffer.from('abc'), info: { ino: statSync(join(dir, 'real')).ino } });
  });

  it.runIf(process.platform !== 'win32')('never reads a FIFO or a device', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    // With no writer, opening the FIFO to read would block: this returning at all is the check.
    expect(await readRegularFile(fifo, 10)).toEqual({ problem: 'not_regular' });
    expect(await readRegularFile('/dev/zero', 10)).toEqual({ problem: 'not_regular' });
  });
});
