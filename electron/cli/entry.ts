import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '../data-dir';
import { loadMain } from './code-cache';
import { drained, ignoreClosedPipes } from './drain-output';

// The bundle's entry (dist/cli.mjs): what it imports statically loads before any command runs.
ignoreClosedPipes([process.stdout, process.stderr]);
const main = await loadMain(
  process.argv,
  fileURLToPath(new URL('.', import.meta.url)),
  (home) => (home ? resolve(home) : defaultDataDir({ env: process.env, platform: process.platform, homeDir: process.env['HOME'] ?? homedir() })),
  async () => (await import('./main')).main,
);
try {
  await main(process.argv, process.env);
} catch (error) {
  // Every command's own failures are coded by its runner; this is what escaped it (a bug): one line.
  // Loaded only here: what entry imports statically runs before the code cache.
  const { lastResortLine } = await import('./last-resort');
  process.stderr.write(`${lastResortLine(error, Boolean(process.env['CONNECTED_SERVICES_DEBUG']))}\n`);
  process.exitCode = 1;
}
// Children are closed by now; do not wait for stray handles (an open stdin, a timer), only for the output.
await Promise.all([drained(process.stdout), drained(process.stderr)]);
process.exit(process.exitCode ?? 0);
