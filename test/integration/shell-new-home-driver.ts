// Run by shell-home-folder.test.ts in a child process: starts the bundled desktop main on the stand-in
// `electron` module (as shell-start-driver.ts) for a CONNECTED_SERVICES_HOME that does not exist yet,
// and prints one JSON line once the app shows its window or exits; a running app is then quit.
// A new data folder has no settings, so its bridge would take the fixed port 47781, which another
// app or test on this computer may hold: the moment the main module has made the folder (its start
// is synchronous, Electron's `ready` comes later), this writes the settings with STUB_BRIDGE_PORT.
// Usage: shell-new-home-driver.ts <dist/shell-main.mjs>
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface Stub {
  calls: unknown[][];
  windows: { shown?: boolean }[];
  exitCode: number | undefined;
  app: { quit(): void };
}

const [main] = process.argv.slice(2);
const home = process.env['CONNECTED_SERVICES_HOME'] ?? '';
const bridgePort = Number(process.env['STUB_BRIDGE_PORT']);
if (!main || !home || !Number.isInteger(bridgePort)) throw new Error('usage: STUB_BRIDGE_PORT=<port> shell-new-home-driver.ts <dist/shell-main.mjs>');
const stubUrl = pathToFileURL(path.join(import.meta.dirname, 'shell-electron-stub.mjs')).href;
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(stubUrl)}, shortCircuit: true } : next(specifier, context);
}`)}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const existedBefore = existsSync(home);
await import(pathToFileURL(main).href);
const made = existsSync(home) ? { folder: statSync(home).isDirectory(), mode: statSync(home).mode & 0o777 } : undefined;
if (made?.folder === true) writeFileSync(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort } }), { mode: 0o600 });
const stub = (globalThis as unknown as { __electronStub: Stub }).__electronStub;
for (const end = Date.now() + 60_000; Date.now() < end && stub.exitCode === undefined && !stub.windows.some((w) => w.shown); ) await sleep(50);
const errorBoxes = stub.calls.filter((c) => c[0] === 'dialog.showErrorBox').map((c) => c[2]);
const running = stub.exitCode === undefined && stub.windows.some((w) => w.shown);
// Where its bridge listens, as the running app tells agents.
const runtime = path.join(home, 'runtime.json');
const bridge = existsSync(runtime) ? (JSON.parse(readFileSync(runtime, 'utf8')) as { bridge: string | null }).bridge : undefined;
process.stdout.write(`${JSON.stringify({ existedBefore, made, running, bridge, exitCode: stub.exitCode, errorBoxes })}\n`);
if (running) {
  stub.app.quit();
  for (const end = Date.now() + 20_000; Date.now() < end && stub.exitCode === undefined; ) await sleep(50);
}
process.exit(0);
