// Electron's own install script is denied in package.json (allowScripts) because its binary download
// fails on machines that reach only the npm registry. We run it here and tolerate failure, so
// `npm install` always succeeds; `npm start` then falls back to the headless UI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function electronDir() {
  try {
    return dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const dir = electronDir();
if (!dir || process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) process.exit(0);
const installer = join(dir, 'install.js');
if (!existsSync(installer)) process.exit(0);

const result = spawnSync(process.execPath, [installer], { cwd: dir, encoding: 'utf8', timeout: 180_000 });
if (result.status === 0) process.exit(0);
const reason = (result.error?.message ?? result.stderr ?? '').split('\n').find((l) => l.trim()) ?? 'unknown error';
console.log(
  `connected-services: Electron's binary could not be downloaded (${reason.trim().slice(0, 160)}); ` +
    '`npm start` will serve the UI in your browser instead. Retry later with `node node_modules/electron/install.js`.',
);
process.exit(0);
