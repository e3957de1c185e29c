import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPrivateFolder } from './cache-file';
import { ChunkLoader, type Manifest } from './chunk-loader';

export type Main = (argv: string[], env: Record<string, string | undefined>) => Promise<void>;

/** When a start without caches writes them: after health and a first listing, so what they compiled is in; or at exit, if sooner. */
const WRITE_AFTER_MS = 3000;

/** `--home <dir>` or `--home=<dir>`, wherever commander would take it. */
function homeOf(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') return undefined;
    if (arg === '--home') return args[i + 1];
    if (arg.startsWith('--home=')) return arg.slice('--home='.length);
  }
  return undefined;
}

function readManifest(dir: string): Manifest | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    // Checked by hand, not with zod: the entry loads before the bundle, and zod is in the bundle.
    const manifest: Manifest = {};
    for (const [name, digest] of Object.entries(parsed)) {
      if (typeof digest !== 'string') return undefined;
      manifest[name] = digest;
    }
    return manifest;
  } catch {
    return undefined;
  }
}

/**
 * The CLI's `main`, run from the bundle's CommonJS copy with a V8 code cache per chunk in the data
 * folder's `cache/code/` (ES modules get none on Node 20): compiling the bundle was a sixth of
 * `serve`'s start and a quarter of a short command's CPU (docs/how-it-is-built.md). A start without a
 * cache (the first after a build) writes them a few seconds in, or as it exits. A build without the
 * copy runs the ES modules (`esm`).
 */
export function loadMain(argv: string[], distDir: string, dataDirOf: (home: string | undefined) => string, esm: () => Promise<Main>): Promise<Main> {
  const args = argv.slice(2);
  const dir = join(distDir, 'cli-cjs');
  const manifest = readManifest(dir);
  if (manifest === undefined) return esm();
  const dataDir = dataDirOf(homeOf(args));
  const cache = join(dataDir, 'cache');
  const code = join(cache, 'code');
  // Only into a data folder a command has already made, never one a mistyped --home names; and only
  // where every folder down to cache/code/ is this user's alone (its files are checked each).
  const absent = (path: string): boolean => lstatSync(path, { throwIfNoEntry: false }) === undefined;
  const privateDown = isPrivateFolder(dataDir) && (isPrivateFolder(cache) || absent(cache)) && (isPrivateFolder(code) || absent(code));
  const cacheDir = privateDown ? code : undefined;
  const loader = new ChunkLoader(dir, manifest, cacheDir);
  const main = (loader.require('cli-main.cjs') as { main: Main }).main;
  setTimeout(() => loader.writeCaches(), WRITE_AFTER_MS).unref();
  // A serve stopped sooner (a script's short run) writes them as it exits.
  process.once('exit', () => loader.writeCaches());
  return Promise.resolve(main);
}
