import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deleteOriginal, originalDescribed, readSecretFile } from './secret-file-input';

const folder = (): string => mkdtempSync(join(tmpdir(), 'cs-secret-file-'));

describe('readSecretFile', () => {
  it('reads a regular text file byte for byte', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cs-secret-file-')), 'key.json');
    writeFileSync(file, '{"private_key":"-----BEGIN…"}\n');
    expect(await readSecretFile(file)).toMatchObject({ value: '{"private_key":"-----BEGIN…"}\n', bomDropped: false });
  });

  it('leaves out a UTF-8 byte order mark at the start, and says so; one further in is kept', async () => {
    const file = join(folder(), 'key.txt');
    writeFileSync(file, '\uFEFFtoken-\uFEFF-1\n');
    expect(await readSecretFile(file)).toMatchObject({ value: 'token-\uFEFF-1\n', bomDropped: true });
  });

  it('refuses a file holding only a byte order mark', async () => {
    const file = join(folder(), 'bom.txt');
    writeFileSync(file, '\uFEFF');
    await expect(readSecretFile(file)).rejects.toMatchObject({ code: 'invalid_input', message: `${file} holds only a byte order mark; nothing was stored.` });
  });

  it.skipIf(process.platform === 'win32')('names a link that loops as such, not as an internal error', async () => {
    const dir = folder();
    symlinkSync(join(dir, 'b'), join(dir, 'a'));
    symlinkSync(join(dir, 'a'), join(dir, 'b'));
    await expect(readSecretFile(join(dir, 'a'))).rejects.toThrow(/^Could not read .*: it is a link that leads round in a loop/);
  });

  // Opened before the check, a FIFO blocked `secrets set --from-file` until a writer came.
  it.skipIf(process.platform === 'win32')('refuses a FIFO at once, never waiting for a writer', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'cs-secret-file-')), 'pipe');
    execFileSync('mkfifo', [fifo]);
    await expect(readSecretFile(fifo)).rejects.toMatchObject({ code: 'invalid_input', message: `${fifo} is not a regular file.` });
  });
});

describe('deleteOriginal', () => {
  it('deletes the file read', async () => {
    const file = join(folder(), 'key.txt');
    writeFileSync(file, 'secret');
    const { origin } = await readSecretFile(file);
    expect(originalDescribed(origin)).toBe(file);
    await deleteOriginal(origin);
    expect(existsSync(file)).toBe(false);
  });

  // Deleting only the link said "Deleted" while the secret stayed in the file it named.
  it.skipIf(process.platform === 'win32')('through a link, deletes the file it points to and then the link, naming both', async () => {
    const dir = folder();
    const target = join(dir, 'sec.txt');
    const link = join(dir, 'sec-link.txt');
    writeFileSync(target, 'secret');
    symlinkSync('sec.txt', link);
    const { origin } = await readSecretFile(link);
    expect(originalDescribed(origin)).toBe(`${target} (which the link ${link} points to) and the link`);
    await deleteOriginal(origin);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(link)).toBe(false);
  });

  it.skipIf(process.platform === 'win32')('deletes nothing when the file was replaced since it was read', async () => {
    const dir = folder();
    const target = join(dir, 'sec.txt');
    const link = join(dir, 'sec-link.txt');
    writeFileSync(target, 'secret');
    symlinkSync(target, link);
    const { origin } = await readSecretFile(link);
    // Made before the swap, so its inode is not the one freed.
    writeFileSync(join(dir, 'other.txt'), 'another file');
    renameSync(join(dir, 'other.txt'), target);
    await expect(deleteOriginal(origin)).rejects.toMatchObject({ code: 'invalid_input', message: `${target} is no longer the file the secret was read from; nothing was deleted.` });
    expect(existsSync(target)).toBe(true);
    expect(existsSync(link)).toBe(true);
  });

  it('counts the hard links that keep the content on disk', async () => {
    const dir = folder();
    const file = join(dir, 'key.txt');
    writeFileSync(file, 'secret');
    linkSync(file, join(dir, 'copy.txt'));
    expect((await readSecretFile(file)).origin.links).toBe(2n);
  });
});
