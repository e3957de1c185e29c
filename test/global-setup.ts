import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleIsFresh } from '../build/bundle-stamp.mjs';

/**
 * CLI tests run the bundled CLI; bundle the current sources first, unless dist/ was built from
 * exactly these (`npm test` builds just before; build/bundle-stamp.mjs).
 */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!bundleIsFresh(root)) execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  // Tests talk only to 127.0.0.1: no background refresh from the official MCP Registry in any
  // `serve` or app they start (the workers and their children inherit this).
  process.env['CONNECTED_SERVICES_REGISTRY_REFRESH'] = 'off';
}
