import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';
import { cacheKey, readCodeCache, writeCodeCache } from './cache-file';

/** NODE_DEBUG=cs-chunks names each chunk as it loads (test/integration/serve-start-loads.test.ts). */
const debug = debuglog('cs-chunks');

/** `cli-cjs/manifest.json`, written by the build: each compiled file's SHA-256. */
export type Manifest = Record<string, string>;

interface Loaded {
  name: string;
  script: Script;
  /** Whether V8 took a cache for it: a file without one gets one written. */
  cached: boolean;
}

/**
 * Runs the CLI's bundle from its CommonJS copy (`dist/cli-cjs/`, the same chunks as `dist/cli-chunks/`
 * in the other module format) so that V8 can take a code cache for each file: Node 20 caches no ES
 * module's compilation (docs/how-it-is-built.md). A chunk is compiled on its first require, as an ES
 * module chunk is on its first import; `cacheDir` undefined runs without caches.
 */
export class ChunkLoader {
  readonly #modules = new Map<string, { exports: unknown }>();
  readonly #loaded: Loaded[] = [];

  constructor(
    private readonly dir: string,
    private readonly manifest: Manifest,
    private readonly cacheDir: string | undefined,
  ) {}

  /** The exports of the chunk `name` (`./chunk-X.cjs` as its importers write it, or a bare file name). */
  require(specifier: string): unknown {
    const name = specifier.replace(/^\.\//, '');
    const known = this.#modules.get(name);
    if (known) return known.exports;
    const fileDigest = this.manifest[name];
    if (fileDigest === undefined) throw new Error(`the CLI's build has no chunk ${name}: run \`npm run build\` again`);
    const file = join(this.dir, name);
    const cachedData = this.cacheDir === undefined ? undefined : readCodeCache(this.cacheDir, name, cacheKey(fileDigest));
    // The wrapper Node gives a CommonJS file; strict, as the ES module the chunk was built from.
    const source = `(function (exports, require, module, __filename, __dirname) {"use strict";${readFileSync(file, 'utf8')}\n})`;
    // The copy holds no import() (commonJsCopy makes each a require; test/build/cli-bundle.test.ts).
    const script = new Script(source, { filename: file, ...(cachedData ? { cachedData } : {}) });
    this.#loaded.push({ name, script, cached: cachedData !== undefined && !script.cachedDataRejected });
    debug('loading %s (code cache %s)', file, cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used');
    const module = { exports: {} };
    this.#modules.set(name, module);
    const packages = createRequire(pathToFileURL(file));
    const run = script.runInThisContext() as (...args: unknown[]) => void;
    run(module.exports, (id: string): unknown => (id.startsWith('./') ? this.require(id) : (packages(id) as unknown)), module, file, this.dir);
    return module.exports;
  }

  /**
   * Writes a cache for each chunk loaded so far that ran without one (what V8 compiled by now goes in,
   * so the later the better), once, and removes the caches of files no longer in the build. Best
   * effort: a cache that cannot be written only means the next start compiles again.
   */
  writeCaches(): void {
    const dir = this.cacheDir;
    if (dir === undefined) return;
    try {
      const missing = this.#loaded.filter((loaded) => !loaded.cached);
      if (missing.length === 0) return;
      for (const loaded of missing) {
        const fileDigest = this.manifest[loaded.name];
        if (fileDigest !== undefined) writeCodeCache(dir, loaded.name, cacheKey(fileDigest), loaded.script.createCachedData());
        loaded.cached = true;
      }
      for (const entry of readdirSync(dir)) {
        if (entry.endsWith('.cache') && !(entry.slice(0, -'.cache'.length) in this.manifest)) rmSync(join(dir, entry), { force: true });
      }
    } catch {
      // best effort (a read-only or full disk)
    }
  }
}
