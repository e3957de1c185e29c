import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed package's folder, whether running from dist/ (bundled) or from source. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === 'connected-services') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('connected-services package.json not found above ' + from);
    dir = parent;
  }
}
