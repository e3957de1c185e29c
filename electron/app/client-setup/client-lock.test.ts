import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withClientFileLock } from './client-lock';

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
