// Bundles the CLI, the library and the Electron main process so start-up does not pay for TypeScript transpilation.
// Packages stay external (they load from node_modules as published), except in the CLI: cli-bundle.mjs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';
import { bundleInputsHash, dropStamp, writeStamp } from './bundle-stamp.mjs';
import { cliBuildOptions, commonJsCopy, pruneChunks } from './cli-bundle.mjs';
import { buildLibraryTypes } from './library-types.mjs';
import { libraryOptions, shellMainOptions } from './main-bundles.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const root = fileURLToPath(new URL('..', import.meta.url));
// The inputs as they are now: an edit made while this build runs makes the stamp stale.
const inputs = bundleInputsHash(root);
dropStamp(root);

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
  build(cliBuildOptions(common, 'dist')).then(async (result) => {
    await commonJsCopy(result.metafile, 'dist');
    pruneChunks(result.metafile, 'dist');
  }),
  build(shellMainOptions(common)),
  build(libraryOptions(common)),
  // Sandboxed preloads can only require('electron'): CommonJS, with every other dependency bundled in.
  ...[
    ['electron/shell/preload/preload.ts', 'dist/shell-preload.cjs'],
    ['electron/shell/passphrase/passphrase-preload.ts', 'dist/shell-passphrase-preload.cjs'],
  ].map(([entry, outfile]) =>
    build({ ...common, platform: 'browser', target: 'chrome120', packages: 'bundle', minify: true, entryPoints: [entry], outfile, format: 'cjs', external: ['electron'] }),
  ),
  // Run by utilityProcess.fork: a Node entry, so CommonJS with packages loaded from node_modules.
  build({ ...common, entryPoints: ['electron/shell/keychain/keychain-utility.ts'], outfile: 'dist/shell-keychain.cjs', format: 'cjs' }),
  viteBuild({ root: fileURLToPath(new URL('../renderer', import.meta.url)), configFile: fileURLToPath(new URL('../renderer/vite.config.ts', import.meta.url)) }),
]);
// Its declarations and the API report after the bundles, so they do not compete for the CPU.
await buildLibraryTypes();
writeStamp(root, inputs);
