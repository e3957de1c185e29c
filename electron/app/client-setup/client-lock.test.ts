import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_LOCK_MARK, madeFolders, removeMadeFolders, withClientFileLock } from './client-lock';

const refused = new Error('write refused');

describe('withClientFileLock, connecting (it makes the folder)', () => {
  it('removes the folders a failed connect made, not the one that was there before', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-client-lock-'));
    mkdirSync(join(home, '.config'));
    const target = join(home, '.config', 'Code', 'User', 'mcp.json');
    await expect(withClientFileLock(target, true, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(existsSync(join(home, '.config'))).toBe(true);
    expect(readdirSync(join(home, '.config'))).toEqual([]);
  });

  it('keeps a folder it made that is no longer empty, and every folder above it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-client-lock-'));
    const target = join(home, '.cursor', 'sub', 'mcp.json');
    await expect(
      withClientFileLock(target, true, () => {
        writeFileSync(join(home, '.cursor', 'sub', 'notes.txt'), 'put there meanwhile');
        return Promise.reject(refused);
      }),
    ).rejects.toBe(refused);
    expect(readdirSync(join(home, '.cursor', 'sub'))).toEqual(['notes.txt']);
  });

  it('keeps the folder of a connect that succeeded, and a folder that was there empty before', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-client-lock-'));
    await withClientFileLock(join(home, '.cursor', 'mcp.json'), true, () => Promise.resolve());
    expect(existsSync(join(home, '.cursor'))).toBe(true);
    mkdirSync(join(home, '.gemini'));
    await expect(withClientFileLock(join(home, '.gemini', 'settings.json'), true, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(existsSync(join(home, '.gemini'))).toBe(true);
  });
});

describe('withClientFileLock, two connects racing into one new folder', () => {
  it('leaves a folder another connect made again after this one made it, and passes one gone', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-client-lock-'));
    const dir = join(home, '.cursor', 'sub');
    mkdirSync(dir, { recursive: true });
    const ours = await madeFolders(dir, join(home, '.cursor'));
    // Another process removed `sub` and made it again for its own connect: it is not ours to remove.
    rmdirSync(dir);
    mkdirSync(dir);
    await removeMadeFolders(ours);
    expect(existsSync(dir)).toBe(true);
    // Gone already: its parent, still the one made and empty, is removed all the same.
    rmdirSync(dir);
    await removeMadeFolders(ours);
    expect(existsSync(join(home, '.cursor'))).toBe(false);
  });

  it('makes the folder again when the other connect removed it while this one waited for the lock', async () => {
    const home = mkdtempSync(join(tmpdir(), 'cs-client-lock-'));
    const target = join(home, '.cursor', 'mcp.json');
    // The other process's connect: it made `.cursor` and holds the lock in it. The lock is a folder, which is
    // honoured until its time is past (an hour on): this process cannot take it while it waits.
    const lock = `${target}${CLIENT_LOCK_MARK}.lock`;
    mkdirSync(lock, { recursive: true });
    const later = new Date(Date.now() + 3_600_000);
    utimesSync(lock, later, later);
    const second = withClientFileLock(target, true, () => Promise.resolve('written'));
    // Time for the second connect to find the folder there and wait on the lock; shorter under load only
    // means the folder is gone before it looks, which it must make all the same.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Its connect failed: the lock and the folder it made go at once, as the waiting connect sees it (a
    // rename: a lock attempt in flight on the thread pool meets either both or neither).
    renameSync(join(home, '.cursor'), join(home, 'gone'));
    await expect(second).resolves.toBe('written');
    expect(existsSync(join(home, '.cursor'))).toBe(true);
    expect(readdirSync(join(home, 'gone'))).toEqual([`mcp.json${CLIENT_LOCK_MARK}.lock`]);
  }, 60_000);
});
