// The library's declarations (docs/library.md): tsc declares electron/library/api.ts and what it
// names, then API Extractor rolls them into dist/library.d.ts and writes the API report to
// dist/api-report/. `node build/library-types.mjs --accept` also writes it to docs/api/, where it is
// committed; test/library/api-report.test.ts fails while the two differ, so a change to the public
// API is seen in review.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

/** Everything the declarations are made from: the library's API and types, shared/, and this step's settings. */
function inputsHash() {
  const hash = createHash('sha256');
  const add = (file) => hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) add(path);
    }
  };
  walk('shared');
  walk('electron/library');
  for (const file of ['tsconfig.json', 'tsconfig.library.json', 'build/api-extractor.json', 'build/library-types.mjs', 'package.json']) add(file);
  return hash.digest('hex');
}

export async function buildLibraryTypes({ accept = false } = {}) {
  // Tests rebuild dist/ every run: unchanged inputs keep the last declarations (tsc takes seconds).
  const stamp = join(root, 'dist', 'library-types.hash');
  const hash = inputsHash();
  const outputs = ['dist/library.d.ts', 'dist/api-report/connected-services.api.md'].map((file) => join(root, file));
  if (!accept && outputs.every(existsSync) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  rmSync(stamp, { force: true });
  rmSync(new URL('../dist/library-types', import.meta.url), { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.library.json'], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`declaring the library failed:\n${tsc.stdout}${tsc.stderr}`);
  // Loaded only when the declarations are made again: it takes a while to load.
  const { Extractor, ExtractorConfig } = await import('@microsoft/api-extractor');
  const config = ExtractorConfig.loadFileAndPrepare(fileURLToPath(new URL('./api-extractor.json', import.meta.url)));
  const messages = [];
  // A local build copies a changed report to docs/api/; otherwise the report stays in dist/api-report/.
  Extractor.invoke(config, {
    localBuild: accept,
    messageCallback: (message) => {
      message.handled = true;
      // That the report changed is the test's to say (test/library/api-report.test.ts).
      if (String(message.messageId).startsWith('console-api-report')) return;
      if (message.logLevel === 'error' || message.logLevel === 'warning') messages.push(message.formatMessageWithLocation(root));
    },
  });
  if (messages.length > 0) throw new Error(`the library's declarations failed:\n${messages.join('\n')}`);
  writeFileSync(stamp, hash);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildLibraryTypes({ accept: process.argv.includes('--accept') });
