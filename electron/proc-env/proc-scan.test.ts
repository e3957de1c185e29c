import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { environOf, MAX_ENVIRON_BYTES, nameOf } from './proc-scan';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const P = 4_300_000;

function fakeProc(files: Record<string, string | Buffer>): string {
  const proc = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(proc);
  mkdirSync(join(proc, String(P)));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(proc, String(P), name), content);
  return proc;
}

describe('environOf and nameOf', () => {
  it('reads a small environment whole, and a hostile one only MAX_ENVIRON_BYTES far', async () => {
    expect((await environOf(P, fakeProc({ environ: 'A=1\0B=2\0' })))?.toString()).toBe('A=1\0B=2\0');
    const huge = Buffer.alloc(MAX_ENVIRON_BYTES * 4, 0x61);
    huge[MAX_ENVIRON_BYTES - 1] = 0x62;
    const read = await environOf(P, fakeProc({ environ: huge }));
    expect(read?.length).toBe(MAX_ENVIRON_BYTES);
    expect(read?.[MAX_ENVIRON_BYTES - 1]).toBe(0x62);
    expect(await environOf(P + 1, fakeProc({}))).toBeUndefined();
  });

  it('gives the program name without its newline, and "?" for a process that is gone', async () => {
    const proc = fakeProc({ comm: 'sleep\n' });
    expect(await nameOf(P, proc)).toBe('sleep');
    expect(await nameOf(P + 1, proc)).toBe('?');
  });
});
