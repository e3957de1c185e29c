import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** CLI tests run the bundled CLI; bundle the current sources first (about a second). */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
  // Tests talk only to 127.0.0.1: no background refresh from the official MCP Registry in any
  // `serve` or app they start (the workers and their children inherit this).
  process.env['CONNECTED_SERVICES_REGISTRY_REFRESH'] = 'off';
}
