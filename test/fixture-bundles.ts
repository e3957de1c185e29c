import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * The TypeScript programs tests start in processes of their own (fixture servers, drivers, the
 * bench), each bundled once per run. Under `node --import tsx` every start paid for tsx's loader
 * and for each of some hundreds of imports resolved through its hooks: about 0.85 s of CPU for a
 * fixture server, against 0.3 s for its bundle, over hundreds of starts in a run on 2 cores.
 * Packages stay outside the bundles (resolved from node_modules as before); a bundle that cannot be
 * made is left out, and its program runs under tsx (test/support/ts-entry.ts).
 */
export const BUNDLES_ENV = 'CST_FIXTURE_BUNDLES';

const ENTRY_FOLDERS = ['test/fixtures', 'test/bench'];
const DRIVERS = /-driver\.ts$/;

function entries(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.')) found.push(path);
    }
  };
  for (const dir of ENTRY_FOLDERS) walk(dir);
  for (const name of readdirSync(join(root, 'test/integration'))) if (DRIVERS.test(name)) found.push(`test/integration/${name}`);
  return found;
}

/**
 * Each module keeps the `import.meta.url` of its own file, not the bundle's (fixtures find files
 * beside them), and the entry sees its own path as `process.argv[1]` (a run-directly check).
 */
function ownLocations(entryFiles: ReadonlySet<string>): Plugin {
  return {
    name: 'own-locations',
    setup(on) {
      on.onLoad({ filter: /\.m?ts$/ }, (args) => {
        const url = JSON.stringify(pathToFileURL(args.path).href);
        const text = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
          .replaceAll('import.meta.dirname', JSON.stringify(join(args.path, '..')));
        const head = entryFiles.has(args.path) ? `process.argv[1] = ${JSON.stringify(args.path)};\n` : '';
        return { contents: head + text, loader: 'ts' };
      });
    },
  };
}

/** Bundles every entry into `outDir` (same relative paths, `.mjs`); one that fails is left out. */
export async function bundleFixtures(root: string, outDir: string): Promise<void> {
  await Promise.all(
    entries(root).map((file) => {
      const source = join(root, file);
      return build({
        entryPoints: [source],
        outfile: join(outDir, file.replace(/\.m?ts$/, '.mjs')),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'silent',
        plugins: [ownLocations(new Set([source]))],
      }).catch(() => undefined);
    }),
  );
}

/**
 * Where a run's bundles go: inside the repository, so that their packages resolve from its
 * node_modules. A run that was killed leaves its folder; one older than a day is removed.
 */
export function bundleFolder(root: string, runName: string): string {
  const base = join(root, 'node_modules', '.cache', 'test-fixture-bundles');
  try {
    for (const old of readdirSync(base)) {
      const path = join(base, old);
      if (Date.now() - statSync(path).mtimeMs > 86_400_000) rmSync(path, { recursive: true, force: true });
    }
  } catch {
    // No folder yet.
  }
  return join(base, runName);
}

/** The bundle of `file` (absolute, or relative to the repository), whether or not it was made. */
export function bundleOf(root: string, outDir: string, file: string): string {
  const rel = relative(root, resolve(root, file)).split(sep).join('/');
  return join(outDir, rel.replace(/\.m?ts$/, '.mjs'));
}
