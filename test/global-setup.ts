import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleIsFresh } from '../build/bundle-stamp.mjs';
import { BUNDLES_ENV, bundleFixtures, bundleFolder } from './fixture-bundles';

/**
 * CLI tests run the bundled CLI; bundle the current sources first, unless dist/ was built from
 * exactly these (`npm test` builds just before; build/bundle-stamp.mjs).
 */
export default async function setup(): Promise<() => void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!bundleIsFresh(root)) execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  // Tests talk only to 127.0.0.1: no background refresh from the official MCP Registry in any
  // `serve` or app they start (the workers and their children inherit this).
  process.env['CONNECTED_SERVICES_REGISTRY_REFRESH'] = 'off';
  // Every temporary folder a test, a `serve` or a server it starts makes goes under one folder of
  // this run, removed when the run ends: a run leaves nothing behind in the machine's /tmp. The
  // name stays short, as sockets made under it have a path limit of 108 bytes.
  const runTemp = mkdtempSync(join(tmpdir(), 'cst-'));
  process.env['TMPDIR'] = runTemp;
  // The programs tests start in processes of their own, bundled once (fixture-bundles.ts).
  const bundles = bundleFolder(root, basename(runTemp));
  await bundleFixtures(root, bundles);
  process.env[BUNDLES_ENV] = bundles;
  return () => {
    try {
      rmSync(bundles, { recursive: true, force: true, maxRetries: 3 });
      rmSync(runTemp, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // A folder a test made unreadable stays; the run's result does not depend on it.
    }
  };
}
