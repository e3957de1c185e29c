#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli.mjs', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('connected-services is not built yet: run `npm run build` in ' + fileURLToPath(new URL('..', import.meta.url)));
  process.exit(70);
}
await import(entry.href);
