import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { unitTestFiles } from './test/module-graph-files';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
/** Unit tests, by the folder they test; test/ starts servers and browsers, each file on its own. */
const UNIT_FOLDERS = ['shared', 'electron', 'renderer'];
const { ownGraph, dom } = unitTestFiles(ROOT, UNIT_FOLDERS);
const EXCLUDE = [...configDefaults.exclude, 'dist/**'];
const EACH = {
  setupFiles: ['test/dom-setup.ts'],
  // Integration tests start real servers; 2 cores.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    // Once for the run, whatever the projects (it bundles the CLI and makes the run's temp folder).
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...EACH,
          name: 'units',
          include: UNIT_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [...EXCLUDE, ...ownGraph, ...dom],
          isolate: false,
        },
      },
      { test: { ...EACH, name: 'screens', include: dom, exclude: EXCLUDE, isolate: false } },
      { test: { ...EACH, name: 'isolated', include: ['test/**/*.test.ts', ...ownGraph], exclude: EXCLUDE } },
    ],
  },
});
