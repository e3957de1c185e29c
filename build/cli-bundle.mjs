// The CLI's bundle. A command's start-up is mostly Node reading and compiling modules, so the CLI
// inlines the pure-ESM packages it uses (hundreds of files otherwise), leaves zod's 60 translations
// out, is minified, and is split at dynamic import(): a command loads the MCP SDK's client and server
// only when it opens a connection or a session (docs/how-it-is-built.md). Other packages (native ones,
// CommonJS with dependencies of their own) stay external and load from node_modules as published.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { transform } from 'esbuild';

/**
 * Bundled into the CLI; one copy of zod, so the SDK's schemas and ours are the same library. diff,
 * stemmer and jsonc-parser are imported by modules every command and `serve` load: left external
 * they were 20 more files to read at each start (diff alone 18), jsonc-parser's through the
 * CommonJS loader.
 */
export const INLINED_PACKAGES =
  /^(zod|@modelcontextprotocol\/(?:sdk|client|server|core)|openid-client|oauth4webapi|jose|commander|diff|stemmer|jsonc-parser)(\/|$)/;

/** Where the entry's lazily loaded chunks go, beside dist/cli.mjs. */
export const CHUNK_DIR = 'cli-chunks';

const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || INLINED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** jsonc-parser's `main` is a UMD build (CommonJS, seven files); its ES module build is shaken and inlined. */
const jsoncEsm = {
  name: 'jsonc-parser-esm',
  setup(build) {
    build.onResolve({ filter: /^jsonc-parser$/ }, (args) =>
      build.resolve('jsonc-parser/lib/esm/main.js', { kind: args.kind, resolveDir: args.resolveDir }),
    );
  },
};

/** zod's classic API re-exports every locale; only English (its default) is ever used here. */
const englishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * `import { z } from 'zod'` hands esbuild zod's whole namespace as one value, so nothing of it is
 * shaken out; `import * as z` is the same binding, but esbuild keeps only the members used.
 */
const zodNamespace = {
  name: 'zod-namespace',
  setup(build) {
    build.onLoad({ filter: /[\\/](shared|electron)[\\/].*\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(/^import \{ z \} from 'zod';$/gm, "import * as z from 'zod';"),
      loader: 'ts',
    }));
  },
};

/** A bundled file's relative imports (`./name-HASH.mjs`), in order. */
function siblingImports(text) {
  return [...text.matchAll(/from "(\.\.?\/[^"]+\.mjs)"/g)].map((match) => match[1]);
}

/** The text without the content hashes in its relative imports (`./chunk-AbC12.mjs` → `./chunk.mjs`) and its source map's name. */
function withoutHashes(text) {
  return text.replace(/from "(\.\.?\/(?:[^"/]+\/)*[\w]+)-[\w-]+\.mjs"/g, 'from "$1.mjs"').replace(/^\/\/# sourceMappingURL=.*$/m, '');
}

/** Whether two files of two packages' builds are the same code, and so is every file they import in turn. */
export async function sameCode(a, b, seen = new Set()) {
  if (seen.has(a)) return true;
  seen.add(a);
  const [textA, textB] = await Promise.all([readFile(a, 'utf8'), readFile(b, 'utf8')]);
  if (withoutHashes(textA) !== withoutHashes(textB)) return false;
  const importsA = siblingImports(textA);
  const importsB = siblingImports(textB);
  for (let i = 0; i < importsA.length; i++) {
    if (!(await sameCode(resolve(dirname(a), importsA[i]), resolve(dirname(b), importsB[i]), seen))) return false;
  }
  return true;
}

/**
 * The SDK's client and server packages each bundle the same Ajv provider (ajv and ajv-formats): a
 * `serve` with a server connection and an agent session ran both copies, ~2 MB of RSS kept after the
 * agents went quiet (docs/how-it-is-built.md). The server's copy becomes a re-export of the client's
 * when the two are the same code but for their chunk names; if an SDK release makes them differ,
 * both stay (test/build/cli-bundle.test.ts counts the copies).
 */
export const oneAjvProvider = {
  name: 'one-sdk-ajv-provider',
  setup(build) {
    build.onLoad({ filter: /[\\/]@modelcontextprotocol[\\/]server[\\/]dist[\\/]ajvProvider-[\w-]+\.mjs$/ }, async (args) => {
      const clientAjv = await build.resolve('@modelcontextprotocol/client/validators/ajv', { kind: 'import-statement', resolveDir: dirname(args.path) });
      if (clientAjv.errors.length > 0 || !clientAjv.path) return undefined;
      const provider = siblingImports(await readFile(clientAjv.path, 'utf8')).find((path) => /ajvProvider-[\w-]+\.mjs$/.test(path));
      if (!provider) return undefined;
      const twin = resolve(dirname(clientAjv.path), provider);
      if (!(await sameCode(args.path, twin))) return undefined;
      return { contents: `export * from ${JSON.stringify(twin)};`, loader: 'js', resolveDir: dirname(twin) };
    });
  },
};

/** esbuild options for the CLI, written to `outdir` (dist) as cli.mjs plus cli-chunks/. */
export function cliBuildOptions(common, outdir) {
  return {
    ...common,
    packages: undefined,
    entryPoints: { cli: 'electron/cli/entry.ts', 'cli-main': 'electron/cli/main.ts' },
    outdir,
    chunkNames: `${CHUNK_DIR}/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    format: 'esm',
    minify: true,
    metafile: true,
    // commander is CommonJS: its require() of Node's own modules needs a real require in ESM.
    banner: { js: "import { createRequire as __csRequire } from 'node:module'; const require = __csRequire(import.meta.url);" },
    plugins: [externalPackages, jsoncEsm, englishOnly, zodNamespace, oneAjvProvider],
  };
}

/**
 * The bundle inputs (source files and package files) a run of the entry loads before any code runs:
 * the entry and the chunks it imports statically, not those behind a dynamic import(), except the
 * sources named in `alsoLoaded` (a dynamic import every such run takes: main.ts's of program.ts).
 */
export function startUpInputs(metafile, entry = 'cli.mjs', alsoLoaded = []) {
  const outputs = metafile.outputs;
  const first = Object.keys(outputs).find((file) => basename(file) === entry && !file.includes(`/${CHUNK_DIR}/`));
  if (!first) throw new Error(`${entry} is not among the bundle's outputs`);
  const more = alsoLoaded.map((source) => {
    const chunk = Object.keys(outputs).find((file) => outputs[file].entryPoint === source);
    if (!chunk) throw new Error(`no chunk of the bundle starts at ${source}`);
    return chunk;
  });
  const loaded = new Set();
  const todo = [first, ...more];
  while (todo.length > 0) {
    const file = todo.pop();
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const imported of outputs[file].imports) if (imported.kind === 'import-statement' && outputs[imported.path]) todo.push(imported.path);
  }
  // esbuild lists every file it read; only those with code left in the output run.
  return [...loaded].flatMap((file) => Object.entries(outputs[file].inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0).map(([input]) => input));
}

const KEEP_BUILDS = 5;

/**
 * Chunk names carry a content hash, so a rebuild adds new ones beside the old. A `serve` still running
 * from an earlier build loads its chunks on first use, so the chunks of the last few builds stay; older
 * ones are deleted (dist/cli-chunks/builds.json remembers which build wrote which).
 */
export function pruneChunks(metafile, outdir) {
  const dir = join(outdir, CHUNK_DIR);
  const current = Object.keys(metafile.outputs)
    .filter((file) => file.includes(`/${CHUNK_DIR}/`))
    .map((file) => basename(file));
  const record = join(dir, 'builds.json');
  let builds = [];
  try {
    builds = existsSync(record) ? JSON.parse(readFileSync(record, 'utf8')) : [];
    builds = Array.isArray(builds) ? builds.filter((names) => Array.isArray(names) && names.every((name) => typeof name === 'string')) : [];
  } catch {
    builds = [];
  }
  builds = [current, ...builds].slice(0, KEEP_BUILDS);
  const keep = new Set(builds.flat().flatMap((name) => [name, `${name}.map`]));
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (name !== 'builds.json' && !keep.has(name)) rmSync(join(dir, name), { force: true });
  }
  // The CommonJS copy (commonJsCopy) keeps the same builds' chunks.
  const copies = join(outdir, CJS_DIR);
  for (const name of existsSync(copies) ? readdirSync(copies) : []) {
    if (name.endsWith('.cjs') && name !== 'cli-main.cjs' && !keep.has(name.replace(/\.cjs$/, '.mjs'))) rmSync(join(copies, name), { force: true });
  }
  writeFileSync(record, JSON.stringify(builds));
}

/** Where the CommonJS copy of the CLI's chunks goes, beside dist/cli.mjs (electron/cli/code-cache). */
export const CJS_DIR = 'cli-cjs';

const BANNER = "import { createRequire as __csRequire } from 'node:module'; const require = __csRequire(import.meta.url);";

/**
 * The CLI's bundle as CommonJS, chunk for chunk (the entry's `main`, cli-main.mjs, and every chunk):
 * `serve` runs this copy so that V8 can keep a code cache of each file (Node 20 has none for ES
 * modules). A relative import or import() becomes a require of the copy's own file (one instance of
 * each module, as in the ES build); `import.meta.url` is the copied file's. Writes manifest.json last:
 * each file's SHA-256, the key of its code cache.
 */
export async function commonJsCopy(metafile, outdir) {
  const dir = join(outdir, CJS_DIR);
  mkdirSync(dir, { recursive: true });
  const manifest = {};
  const files = Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs') && (file.includes(`/${CHUNK_DIR}/`) || basename(file) === 'cli-main.mjs'));
  for (const file of files) {
    const source = (await readFile(file, 'utf8')).replace(BANNER, '').replace(/^\/\/# sourceMappingURL=.*$/m, '');
    const relativeToCopy = source.replace(/(["'])\.\/(?:[\w-]+\/)*([\w-]+)\.mjs\1/g, '$1./$2.cjs$1');
    const { code } = await transform(relativeToCopy, {
      format: 'cjs',
      loader: 'js',
      platform: 'node',
      target: 'node20',
      minify: true,
      define: { 'import.meta.url': '__csFileUrl' },
      supported: { 'dynamic-import': false },
      banner: 'const __csFileUrl = require("node:url").pathToFileURL(__filename).href;',
      logLevel: 'warning',
    });
    const name = basename(file).replace(/\.mjs$/, '.cjs');
    writeFileSync(join(dir, name), code);
    manifest[name] = createHash('sha256').update(code).digest('hex');
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
}
