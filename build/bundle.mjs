// Bundles the CLI and the Electron main process so start-up does not pay for TypeScript transpilation.
// Packages stay external: they load from node_modules as published.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  define: { __CONNECTED_SERVICES_VERSION__: JSON.stringify(version) },
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/cli/main.ts'], outfile: 'dist/cli.mjs', format: 'esm' }),
  build({ ...common, entryPoints: ['electron/shell/main.ts'], outfile: 'dist/shell-main.mjs', format: 'esm', external: ['electron'] }),
  build({ ...common, platform: 'browser', target: 'chrome120', packages: undefined, entryPoints: ['renderer/main.ts'], outfile: 'dist/renderer/main.js', format: 'esm' }),
]);
for (const file of ['index.html', 'status-page.css']) copyFileSync(`renderer/${file}`, `dist/renderer/${file}`);
