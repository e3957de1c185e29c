import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// build/bundle.mjs passes `root` (this folder), so this file needs no Node path helpers.
export default defineConfig(({ command }) => {
  // Vite takes production-ness from NODE_ENV, and vitest's global setup bundles the app with
  // NODE_ENV=test; the renderer is always built as it ships (React production, no dev JSX).
  if (command === 'build') process.env['NODE_ENV'] = 'production';
  return {
    // Relative asset URLs: the same build loads from web mode's http origin and Electron's file.
    base: './',
    publicDir: false,
    plugins: [react()],
    logLevel: 'warn',
    build: {
      outDir: '../dist/renderer',
      emptyOutDir: true,
      target: 'chrome120',
      sourcemap: true,
      // Chromium needs no modulepreload polyfill; leaving it out keeps the entry free of extra code.
      modulePreload: { polyfill: false },
      reportCompressedSize: false,
      chunkSizeWarningLimit: 1500,
    },
  };
});
