import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey, isPrivateFolder, readCodeCache, writeCodeCache } from './cache-file';

const fresh = (): string => join(mkdtempSync(join(tmpdir(), 'cs-code-cache-')), 'code');
const bytes = Buffer.from('compiled code of chunk-A, as V8 gave it');

describe('a code cache file', () => {
  it('reads back what was written for the same build, owner-only in an owner-only folder', () => {
    const dir = fresh();
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), bytes);
    expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'))).toEqual(bytes);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'chunk-A.cjs.cache')).mode & 0o777).toBe(0o600);
  });

  it('is not used for another build of the file, nor under another Node', () => {
    const dir = fresh();
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), bytes);
    expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('bb22'))).toBeUndefined();
    expect(readCodeCache(dir, 'chunk-A.cjs', `aa11 v0.0.1 ${process.arch}`)).toBeUndefined();
    expect(cacheKey('aa11')).toContain(process.version);
  });

  it('is not used when damaged: a changed byte, cut short, emptied, or not ours', () => {
    const dir = fresh();
    const file = join(dir, 'chunk-A.cjs.cache');
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), bytes);
    const good = readFileSync(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3] = (flipped[flipped.length - 3] ?? 0) ^ 0xff;
    for (const damaged of [flipped, good.subarray(0, good.length - 5), good.subarray(0, good.indexOf(0x0a) + 1), Buffer.alloc(0), Buffer.from('\0\0garbage')]) {
      writeFileSync(file, damaged);
      expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'))).toBeUndefined();
    }
    expect(readCodeCache(dir, 'chunk-B.cjs', cacheKey('aa11'))).toBeUndefined();
  });

  it('replaces a damaged one whole', () => {
    const dir = fresh();
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), Buffer.from('old'));
    writeFileSync(join(dir, 'chunk-A.cjs.cache'), 'damaged');
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), bytes);
    expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'))).toEqual(bytes);
  });

  // V8 runs what a cache holds: one that another account could have written is never read.
  it('is not read when group or others may write it, nor from a folder they may write or a link', () => {
    const dir = fresh();
    writeCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'), bytes);
    const file = join(dir, 'chunk-A.cjs.cache');
    for (const mode of [0o620, 0o602, 0o666]) {
      chmodSync(file, mode);
      expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11')), mode.toString(8)).toBeUndefined();
    }
    chmodSync(file, 0o600);
    expect(readCodeCache(dir, 'chunk-A.cjs', cacheKey('aa11'))).toEqual(bytes);
    expect(isPrivateFolder(dir)).toBe(true);
    for (const mode of [0o770, 0o707, 0o777]) {
      chmodSync(dir, mode);
      expect(isPrivateFolder(dir), mode.toString(8)).toBe(false);
    }
    chmodSync(dir, 0o700);
    const link = `${dir}-link`;
    symlinkSync(dir, link);
    expect(isPrivateFolder(link)).toBe(false);
    expect(isPrivateFolder(join(dir, 'none'))).toBe(false);
    mkdirSync(join(dir, 'sub'), { mode: 0o700 });
    expect(isPrivateFolder(join(dir, 'sub'))).toBe(true);
  });
});
