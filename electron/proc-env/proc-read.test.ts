import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decimalAt, PROC_READ_BYTES, readProcFile } from './proc-read';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function file(content: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'proc-read-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'f'), content);
  return join(dir, 'f');
}

describe('readProcFile', () => {
  it('gives the whole of a small file, and undefined for one that cannot be read', () => {
    expect(readProcFile(file('1 (a) S 0 1 1'))?.toString()).toBe('1 (a) S 0 1 1');
    expect(readProcFile(join(tmpdir(), 'no-such-proc-file', 'stat'))).toBeUndefined();
    expect(readProcFile(file(''))?.length).toBe(0);
  });

  it('gives the first PROC_READ_BYTES of a larger file, which the caller then reads whole', () => {
    const big = Buffer.alloc(PROC_READ_BYTES + 100, 0x61);
    big[PROC_READ_BYTES - 1] = 0x62;
    const read = readProcFile(file(big));
    expect(read?.length).toBe(PROC_READ_BYTES);
    expect(read?.[PROC_READ_BYTES - 1]).toBe(0x62);
  });

  it('reads /proc files, whose size the file system does not know', () => {
    if (process.platform !== 'linux') return;
    expect(readProcFile(`/proc/${process.pid}/stat`)?.toString()).toMatch(new RegExp(`^${process.pid} \\(`));
  });
});

describe('decimalAt', () => {
  it('reads digits only', () => {
    const bytes = Buffer.from('x 4194304 -1 12a ');
    expect(decimalAt(bytes, 2, 9)).toBe(4194304);
    expect(decimalAt(bytes, 10, 12)).toBeNaN();
    expect(decimalAt(bytes, 13, 16)).toBeNaN();
    expect(decimalAt(bytes, 3, 3)).toBeNaN();
  });
});
