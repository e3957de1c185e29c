import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/dom-setup.ts'],
    pool: 'forks',
    // Integration tests start real servers; 2 cores.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
