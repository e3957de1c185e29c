import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * The CLI's `main`. `serve` runs it from the bundle's CommonJS copy with a V8 code cache per chunk in
 * the data folder's `cache/code/` (ES modules get none on Node 20): compiling the ~650 KB it runs
 * before health was a sixth of its start (docs/how-it-is-built.md). A start without a cache (the first
 * after a build) writes them a few seconds in, or as it exits. Every other command, and a build
 * without the copy, runs the ES modules (`esm`).
 */
export function loadMain(argv: string[], distDir: string, dataDirOf: (home: string | undefined) => string, esm: () => Promise<Main>): Promise<Main> {
  const args = argv.slice(2);
  const dir = join(distDir, 'cli-cjs');
  const manifest = args.includes('serve') ? readManifest(dir) : undefined;
  if (manifest === undefined) return esm();
  const dataDir = dataDirOf(homeOf(args));
  // Only into a data folder serve has already made (it holds cache/ then); never one a mistyped --home names.
  const cacheDir = existsSync(join(dataDir, 'cache')) ? join(dataDir, 'cache', 'code') : undefined;
  const loader = new ChunkLoader(dir, manifest, cacheDir);
  const main = (loader.require('cli-main.cjs') as { main: Main }).main;
  setTimeout(() => loader.writeCaches(), WRITE_AFTER_MS).unref();
  // A serve stopped sooner (a script's short run) writes them as it exits.
  process.once('exit', () => loader.writeCaches());
  return Promise.resolve(main);
}
