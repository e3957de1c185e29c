import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheKey, readCodeCache } from './cache-file';
import { ChunkLoader, type Manifest } from './chunk-loader';

/** A build of two CommonJS chunks as commonJsCopy writes them (build/cli-bundle.mjs), with its manifest. */
function build(shared = 'module.exports = { made: {}, word: "shared" };'): { dir: string; manifest: Manifest; cacheDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'cs-chunks-'));
  const files = {
    'cli-main.cjs': 'const shared = require("./chunk-a.cjs"); const path = require("node:path"); exports.main = () => [shared.word, path.basename("/x/y.txt")]; exports.shared = shared;',
    'chunk-a.cjs': shared,
  };
  const manifest: Manifest = {};
  for (const [name, code] of Object.entries(files)) {
    writeFileSync(join(dir, name), code);
    manifest[name] = createHash('sha256').update(code).digest('hex');
  }
  return { dir, manifest, cacheDir: join(dir, 'data', 'cache', 'code') };
}

const cacheOf = (cacheDir: string, name: string): Buffer => readFileSync(join(cacheDir, `${name}.cache`));

describe('ChunkLoader', () => {
  it('runs a chunk once however often it is required, packages through Node', () => {
    const { dir, manifest } = build();
    const loader = new ChunkLoader(dir, manifest, undefined);
    const main = loader.require('cli-main.cjs') as { main: () => string[]; shared: object };
    expect(main.main()).toEqual(['shared', 'y.txt']);
    expect(loader.require('./chunk-a.cjs')).toBe(main.shared);
  });

  it('refuses a chunk its build does not name', () => {
    const { dir, manifest } = build();
    expect(() => new ChunkLoader(dir, manifest, undefined).require('./chunk-b.cjs')).toThrow(/no chunk chunk-b\.cjs.*npm run build/);
  });

  it('writes a cache per chunk run without one, and the next start uses it instead of writing again', () => {
    const { dir, manifest, cacheDir } = build();
    const first = new ChunkLoader(dir, manifest, cacheDir);
    first.require('cli-main.cjs');
    first.writeCaches();
    for (const name of ['cli-main.cjs', 'chunk-a.cjs']) expect(readCodeCache(cacheDir, name, cacheKey(manifest[name] ?? ''))?.length).toBeGreaterThan(0);
    const written = statSync(join(cacheDir, 'chunk-a.cjs.cache')).mtimeMs;
    const before = cacheOf(cacheDir, 'chunk-a.cjs');

    const second = new ChunkLoader(dir, manifest, cacheDir);
    expect((second.require('cli-main.cjs') as { main: () => string[] }).main()).toEqual(['shared', 'y.txt']);
    second.writeCaches();
    expect(cacheOf(cacheDir, 'chunk-a.cjs')).toEqual(before);
    expect(statSync(join(cacheDir, 'chunk-a.cjs.cache')).mtimeMs).toBe(written);
  });

  it('runs from the source when a cache is damaged, then replaces it with a sound one', () => {
    const { dir, manifest, cacheDir } = build();
    const first = new ChunkLoader(dir, manifest, cacheDir);
    first.require('cli-main.cjs');
    first.writeCaches();
    const file = join(cacheDir, 'chunk-a.cjs.cache');
    const damaged = Buffer.from(readFileSync(file));
    for (let i = damaged.indexOf(0x0a) + 1; i < damaged.length; i += 7) damaged[i] = 0x5a;
    writeFileSync(file, damaged);

    const second = new ChunkLoader(dir, manifest, cacheDir);
    expect((second.require('cli-main.cjs') as { main: () => string[] }).main()).toEqual(['shared', 'y.txt']);
    second.writeCaches();
    expect(readCodeCache(cacheDir, 'chunk-a.cjs', cacheKey(manifest['chunk-a.cjs'] ?? ''))?.length).toBeGreaterThan(0);
    expect(cacheOf(cacheDir, 'chunk-a.cjs')).not.toEqual(damaged);
  });

  it("never uses an earlier build's cache of a file: a changed file is another key, its cache rewritten", () => {
    const old = build('module.exports = { word: "old" };');
    const first = new ChunkLoader(old.dir, old.manifest, old.cacheDir);
    first.require('cli-main.cjs');
    first.writeCaches();
    const next = build('module.exports = { word: "new" };');
    const loader = new ChunkLoader(next.dir, next.manifest, old.cacheDir);
    expect((loader.require('cli-main.cjs') as { main: () => string[] }).main()).toEqual(['new', 'y.txt']);
    loader.writeCaches();
    expect(readCodeCache(old.cacheDir, 'chunk-a.cjs', cacheKey(old.manifest['chunk-a.cjs'] ?? ''))).toBeUndefined();
    expect(readCodeCache(old.cacheDir, 'chunk-a.cjs', cacheKey(next.manifest['chunk-a.cjs'] ?? ''))?.length).toBeGreaterThan(0);
  });

  it("removes the caches of files no longer in the build", () => {
    const { dir, manifest, cacheDir } = build();
    const first = new ChunkLoader(dir, manifest, cacheDir);
    first.require('cli-main.cjs');
    first.writeCaches();
    const { 'chunk-a.cjs': _dropped, ...rest } = manifest;
    writeFileSync(join(dir, 'chunk-a.cjs'), 'module.exports = { word: "inlined" };');
    const later = new ChunkLoader(dir, { ...rest, 'chunk-a.cjs': createHash('sha256').update('module.exports = { word: "inlined" };').digest('hex') }, cacheDir);
    writeFileSync(join(cacheDir, 'chunk-gone.cjs.cache'), 'from a build long past');
    later.require('cli-main.cjs');
    later.writeCaches();
    expect(existsSync(join(cacheDir, 'chunk-gone.cjs.cache'))).toBe(false);
    expect(existsSync(join(cacheDir, 'chunk-a.cjs.cache'))).toBe(true);
  });
});
