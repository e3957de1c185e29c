import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Unit tests share one module graph per worker (a file's imports are loaded once, not once per
 * file: about five times faster on two cores). A test that replaces a module (`vi.mock`,
 * `vi.doMock`), reloads modules, or counts what loading a module does needs a graph of its own:
 * these words in the file put it there.
 */
const NEEDS_OWN_GRAPH = /\bvi\.(?:mock|doMock|unmock|doUnmock|resetModules)\(|\bschemasBuiltBy\(|@vitest-own-modules/;

/** A worker sharing its graph keeps one environment: screens' tests (a DOM) get workers of their own. */
const DOM_TEST = /@vitest-environment jsdom/;

const TEST_FILE = /\.test\.tsx?$/;

export interface UnitTestFiles {
  /** Tests that need their own module graph: run isolated. */
  ownGraph: string[];
  /** Tests in a DOM that can share a graph. */
  dom: string[];
}

/** Sorts the test files under these folders (paths relative to root, `/`-separated). */
export function unitTestFiles(root: string, folders: readonly string[]): UnitTestFiles {
  const files: UnitTestFiles = { ownGraph: [], dom: [] };
  for (const folder of folders) {
    for (const entry of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      if (!TEST_FILE.test(entry)) continue;
      const path = `${folder}/${entry.split('\\').join('/')}`;
      const text = readFileSync(join(root, path), 'utf8');
      if (NEEDS_OWN_GRAPH.test(text)) files.ownGraph.push(path);
      else if (DOM_TEST.test(text)) files.dom.push(path);
    }
  }
  files.ownGraph.sort();
  files.dom.sort();
  return files;
}
