// `npm test`'s static checks: the type check and the lint at once. tsc is one thread; ESLint's
// type-aware rules take twice as long, so it lints on two threads (`--concurrency`) and uses the core
// tsc leaves idle once it is done (lint 107 s against 134 s on two cores). Alone: `npm run typecheck`,
// `npm run lint`.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChecks } from './run-checks.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;

const passed = await runChecks([
  { name: 'typecheck', label: 'tsc -p tsconfig.json --noEmit', command: node, args: [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], cwd: root },
  { name: 'lint', label: 'eslint .', command: node, args: [join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js'), '--concurrency=2', '.'], cwd: root },
]);
process.exit(passed ? 0 : 1);
