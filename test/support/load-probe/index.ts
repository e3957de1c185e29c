import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../cli';

const REGISTER = fileURLToPath(new URL('./register.mjs', import.meta.url));

export interface LoadProbe {
  /** Environment for a child Node process: it records each module it loads. */
  env: Record<string, string>;
  /** The files loaded so far, relative to the project (dist/…, node_modules/…). */
  loaded(): string[];
}

/** A record of the files one child process loads (through the ES module loader: all of the CLI's). */
export function loadProbe(): LoadProbe {
  const file = join(mkdtempSync(join(tmpdir(), 'cs-loads-')), 'loaded.txt');
  return {
    env: { NODE_OPTIONS: `--import ${REGISTER}`, LOAD_PROBE_FILE: file },
    loaded: () => {
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return [];
      }
      return text.split('\n').filter((line) => line !== '').map((url) => relative(ROOT, fileURLToPath(url)));
    },
  };
}
