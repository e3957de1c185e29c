// The library's declarations (docs/library.md): tsc declares electron/library/api.ts and what it
// names, then API Extractor rolls them into dist/library.d.ts and writes the API report to
// dist/api-report/. `node build/library-types.mjs --accept` also writes it to docs/api/, where it is
// committed; test/library/api-report.test.ts fails while the two differ, so a change to the public
// API is seen in review.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

export function buildLibraryTypes({ accept = false } = {}) {
  rmSync(new URL('../dist/library-types', import.meta.url), { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.library.json'], { cwd: root, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`declaring the library failed:\n${tsc.stdout}${tsc.stderr}`);
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
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildLibraryTypes({ accept: process.argv.includes('--accept') });
