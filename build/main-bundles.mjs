import { oneAjvImport } from './one-ajv-import.mjs';

/** The desktop app's main process (dist/shell-main.mjs): packages load from node_modules, the SDK's Ajv once. */
export function shellMainOptions(common) {
  return { ...common, entryPoints: ['electron/shell/main.ts'], outfile: 'dist/shell-main.mjs', format: 'esm', external: ['electron'], plugins: [oneAjvImport] };
}

/**
 * The library (docs/library.md, dist/library.mjs): importing it runs nothing; packages load from
 * node_modules, the SDK's Ajv once. Its classes keep their names: a program's uncaught error read
 * `_CodedError`, the name the bundle gave it.
 */
export function libraryOptions(common) {
  return { ...common, entryPoints: ['electron/library/index.ts'], outfile: 'dist/library.mjs', format: 'esm', keepNames: true, plugins: [oneAjvImport] };
}
