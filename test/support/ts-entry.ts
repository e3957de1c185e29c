import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUNDLES_ENV, bundleOf } from '../fixture-bundles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Node's arguments that run a TypeScript program of test/ (absolute, or relative to the
 * repository): its bundle from the run's start where there is one (test/fixture-bundles.ts), else
 * the source under tsx. Either way the same program runs.
 */
export function tsEntry(file: string): string[] {
  const dir = process.env[BUNDLES_ENV];
  if (dir) {
    const bundle = bundleOf(ROOT, dir, file);
    if (existsSync(bundle)) return [bundle];
  }
  return ['--import', 'tsx', file];
}
