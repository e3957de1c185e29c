// `npm start`: the desktop app where Electron's binary and a display exist, else the headless UI.
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

const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const binary = electronBinary();
const [command, args] =
  binary && hasDisplay
    ? [binary, [root]]
    : [process.execPath, [fileURLToPath(new URL('../bin/connected-services.mjs', import.meta.url)), 'serve', ...process.argv.slice(2)]];
if (!binary) console.log('Electron is not installed here; starting the headless UI (`connected-services serve`).');
else if (!hasDisplay) console.log('No display found; starting the headless UI (`connected-services serve`).');

const child = spawn(command, args, { stdio: 'inherit', cwd: root });
// A program that cannot be started is a sentence, not a stack trace.
child.on('error', (error) => {
  console.error(`error: could not start ${command}: ${error.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
