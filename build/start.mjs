// `npm start`: the desktop app where Electron's binary and a display exist, else the headless UI.
// With --build (as `npm start` runs it) it builds first, saying so: the build takes seconds in silence.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron');
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const [build, ...rest] = process.argv[2] === '--build' ? [true, ...process.argv.slice(3)] : [false, ...process.argv.slice(2)];
if (build) {
  // One line per step, as it begins. No promise of a time: it ranged from 19 s to 109 s on one 2-core
  // machine with the load; a line every 15 s says it is still working and how long it has taken.
  console.log('Building the app (seconds on an idle machine, a minute or more on a busy one)…');
  const began = Date.now();
  const seconds = () => ((Date.now() - began) / 1000).toFixed(1);
  // The integration test puts a stand-in here: the real build rewrites dist/ under the other tests.
  const script = process.env.CONNECTED_SERVICES_TEST_BUILD_SCRIPT || fileURLToPath(new URL('bundle.mjs', import.meta.url));
  const tick = Number(process.env.CONNECTED_SERVICES_TEST_BUILD_TICK_MS) || 15_000;
  const ticker = setInterval(() => console.log(`  still building (${Math.round((Date.now() - began) / 1000)} s so far)…`), tick);
  const built = await new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit', cwd: root });
    child.on('error', (error) => resolve({ error }));
    child.on('exit', (status, signal) => resolve({ status, signal }));
  });
  clearInterval(ticker);
  if (built.status !== 0) {
    console.error(`error: the build failed (${built.error ? built.error.message : `exit ${built.status ?? built.signal}`}); nothing was started.`);
    process.exit(1);
  }
  console.log(`Built in ${seconds()} s.`);
}

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const binary = electronBinary();
const [command, args] =
  binary && hasDisplay
    ? [binary, [root]]
    : [process.execPath, [fileURLToPath(new URL('../bin/connected-services.mjs', import.meta.url)), 'serve', ...rest]];
// The package installs without its binary where the download fails (no route to its host): say how to fetch it.
const packaged = (() => {
  try {
    require.resolve('electron/package.json');
    return true;
  } catch {
    return false;
  }
})();
if (!binary && packaged) {
  console.log("Electron's binary is missing (its download at install failed or was skipped; `node node_modules/electron/install.js` fetches it); starting the headless UI (`connected-services serve`)…");
} else if (!binary) console.log('Electron is not installed here; starting the headless UI (`connected-services serve`)…');
else if (!hasDisplay) console.log('No display found; starting the headless UI (`connected-services serve`)…');
else console.log('Starting the desktop app…');

const child = spawn(command, args, { stdio: 'inherit', cwd: root });
// A program that cannot be started is a sentence, not a stack trace.
child.on('error', (error) => {
  console.error(`error: could not start ${command}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
