// What dist/ was bundled from: a hash of the sources, the build's own scripts and the installed
// packages (the CLI bundle inlines some), written by build/bundle.mjs once a build succeeds. The
// tests' global setup rebuilds only when the hash differs: `npm test` has just built, while a plain
// `npx vitest run` after an edit still gets a fresh dist/. A hash, not a time: a checkout or a copy
// keeps or changes times regardless of content.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const FOLDERS = ['electron', 'shared', 'renderer', 'build'];
// node_modules/.package-lock.json is what npm installed (package-lock.json is what it was asked to).
const FILES = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'tsconfig.json', 'tsconfig.library.json'];

export function stampPath(root) {
  return join(root, 'dist', 'bundle-inputs.hash');
}

/** SHA-256 over every file's path and content, in a fixed order. */
export function bundleInputsHash(root) {
  const hash = createHash('sha256');
  const add = (file) => hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) add(path);
    }
  };
  for (const dir of FOLDERS) if (existsSync(join(root, dir))) walk(dir);
  for (const file of FILES) if (existsSync(join(root, file))) add(file);
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the files there are now. */
export function bundleIsFresh(root) {
  const stamp = stampPath(root);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === bundleInputsHash(root);
}

/** Before a build: no stamp, so a build that fails half-way is never taken for a fresh one. */
export function dropStamp(root) {
  rmSync(stampPath(root), { force: true });
}

/** After a build that succeeded: the hash of the inputs as they were when it began. */
export function writeStamp(root, hash) {
  writeFileSync(stampPath(root), hash);
}
