// Run by shell-start-once.test.ts in a child process: starts the bundled desktop main on the
// stand-in `electron` module (as shell-main-driver.ts) and prints one JSON line once the app either
// shows its window (it runs: {running: true, pid}) or exits ({running: false, exitCode, errorBoxes}).
// A running app stays up until this process gets SIGTERM, then quits as Electron would.
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
if (!main) throw new Error('usage: shell-start-driver.ts <dist/shell-main.mjs>');
const stubUrl = pathToFileURL(path.join(import.meta.dirname, 'shell-electron-stub.mjs')).href;
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(stubUrl)}, shortCircuit: true } : next(specifier, context);
}`)}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await import(pathToFileURL(main).href);
const stub = (globalThis as unknown as { __electronStub: Stub }).__electronStub;
for (const end = Date.now() + 60_000; Date.now() < end && stub.exitCode === undefined && !stub.windows.some((w) => w.shown); ) await sleep(50);
const errorBoxes = stub.calls.filter((c) => c[0] === 'dialog.showErrorBox').map((c) => c[2]);
if (stub.exitCode !== undefined) {
  process.stdout.write(`${JSON.stringify({ running: false, exitCode: stub.exitCode, errorBoxes })}\n`);
  process.exit(0);
}
process.stdout.write(`${JSON.stringify({ running: stub.windows.some((w) => w.shown), pid: process.pid, errorBoxes })}\n`);
process.once('SIGTERM', () => {
  stub.app.quit();
  void (async () => {
    for (const end = Date.now() + 20_000; Date.now() < end && stub.exitCode === undefined; ) await sleep(50);
    process.exit(stub.exitCode ?? 1);
  })();
});
