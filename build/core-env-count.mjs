/**
 * How many source files still take the core environment's values by hand (issue #31, CoreEnv in
 * shared/core-env): a file counts for a value when it declares it in a type or parameter of its own
 * (`log?: (line: string) => void`, `dataDir: string`, `env: Record<string, string | undefined>`,
 * `now: () => number`) or copies it field by field from one options object to another
 * (`log: options.log`; taking it from a CoreEnv, `core.log` or `coreEnv.log`, or a default such as `Date.now` is not).
 * Tests and shared/core-env itself are left out. Run: `node build/core-env-count.mjs [--files]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  log: String.raw`\(line: string\) => void`,
  dataDir: String.raw`string`,
  env: String.raw`(?:NodeJS\.ProcessEnv|Record<string, string \| undefined>)`,
  now: String.raw`\(\) => number`,
};

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = ['electron', 'shared', 'renderer']
  .flatMap((top) => sources(join(ROOT, top)))
  .map((path) => ({ path: relative(ROOT, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  .filter((file) => !file.path.startsWith('shared/core-env/'));
const byValue = Object.entries(TYPES).map(([name, type]) => {
  const declares = new RegExp(String.raw`\b${name}\??: ${type}(?!\w)`);
  const copies = new RegExp(String.raw`\b${name}: (?![\w.#?]*\bcore(?:Env)?\.${name}\b|Date\.now\b|process\.env\b)[\w.#?]*\.${name}\b`, 'i');
  return [name, files.filter((file) => declares.test(file.text) || copies.test(file.text)).map((file) => file.path)];
});
for (const [name, paths] of byValue) {
  console.log(`${name}: ${paths.length} files`);
  if (process.argv.includes('--files')) for (const path of paths) console.log(`  ${path}`);
}
