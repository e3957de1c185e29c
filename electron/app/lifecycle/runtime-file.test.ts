import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { readRuntimeFile, writeRuntimeFile } from './runtime-file';

const info = { pid: process.pid, origin: 'http://127.0.0.1:1', secret: 's', bridge: null, startedAt: 1 };

describe('writeRuntimeFile', () => {
  it('writes the file that commands find the running app by, and removes it again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-runtime-'));
    const remove = await writeRuntimeFile(dir, info);
    const read = await readRuntimeFile(dir);
    expect(read).toMatchObject(info);
    // The process's own record: a reused pid is told from the app that wrote the file.
    expect(read?.owner).toMatchObject({ v: 1, pid: process.pid });
    await remove();
    expect(await readRuntimeFile(dir)).toBeUndefined();
  });

  it('a data folder it cannot write in is a coded error naming the file, not a bare errno', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cs-runtime-'));
    const notAFolder = join(parent, 'file');
    writeFileSync(notAFolder, 'x');
    const failure = await writeRuntimeFile(notAFolder, info).then(() => undefined, (error: unknown) => error);
    expect(failure).toBeInstanceOf(CodedError);
    expect(failure).toMatchObject({ code: 'invalid_config', message: expect.stringContaining(join(notAFolder, 'runtime.json')) as string });
  });

  it('a pid of 0 or below names no running app: probing it would reach a process group or every process', async () => {
    for (const pid of [0, -1]) {
      const dir = mkdtempSync(join(tmpdir(), 'cs-runtime-'));
      writeFileSync(join(dir, 'runtime.json'), JSON.stringify({ ...info, pid }), { mode: 0o600 });
      expect(await readRuntimeFile(dir)).toBeUndefined();
    }
  });
});
