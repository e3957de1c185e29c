// `npm test`'s static checks: the type check and the lint at once. Each is one thread (tsc; ESLint
// with its type-aware rules builds a TypeScript program of its own), so on two cores together they
// take about as long as the longer one instead of the sum. Alone: `npm run typecheck`, `npm run lint`.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runChecks } from './run-checks.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;

const passed = await runChecks([
  { name: 'typecheck', label: 'tsc -p tsconfig.json --noEmit', command: node, args: [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], cwd: root },
  { name: 'lint', label: 'eslint .', command: node, args: [join(dirname(require.resolve('eslint/package.json')), 'bin', 'eslint.js'), '.'], cwd: root },
]);
process.exit(passed ? 0 : 1);
