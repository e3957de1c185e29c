import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** CLI tests run the bundled CLI; bundle the current sources first (about a second). */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, ['build/bundle.mjs'], { cwd: root, stdio: 'inherit' });
}
