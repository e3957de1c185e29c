// Run by shell-main.test.ts in a child process: starts the bundled desktop main (dist/shell-main.mjs)
// on a stand-in `electron` module (shell-electron-stub.mjs), drives it as Electron and the page
// would, and prints what it saw as one JSON line. Usage: shell-main-driver.ts <dist/shell-main.mjs>
import { existsSync } from 'node:fs';
import { Session } from 'node:inspector';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface FakeContents {
  id: number;
  sent: [string, unknown][];
  webrtcPolicies: string[];
  openHandler: (details: { url: string; frameName: string; features: string; disposition: string; referrer: { url: string; policy: string } }) => { action: string };
  emit(event: string, ...args: unknown[]): boolean;
}
interface FakeWindow {
  urls: string[];
  shown?: boolean;
  options: { webPreferences: Record<string, unknown> };
  webContents: FakeContents;
}
interface MenuItem {
  label?: string;
  click?: () => void;
}
interface Stub {
  calls: unknown[][];
  handlers: Record<string, (...args: unknown[]) => unknown>;
  windows: FakeWindow[];
  trays: { tooltip?: string; menu?: { template: MenuItem[] } }[];
  exitCode: number | undefined;
  app: { emit(event: string, ...args: unknown[]): boolean; quit(): void };
}

const [main] = process.argv.slice(2);
if (!main) throw new Error('usage: shell-main-driver.ts <dist/shell-main.mjs>');
const stubUrl = pathToFileURL(path.join(import.meta.dirname, 'shell-electron-stub.mjs')).href;
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(stubUrl)}, shortCircuit: true } : next(specifier, context);
}`)}`);

const home = process.env['CONNECTED_SERVICES_HOME'] ?? '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

// Counts the full collections the app asks V8 for (electron/app/memory/collect-all-garbage.ts), seen from outside.
let collections = 0;
const post = Object.getOwnPropertyDescriptor(Session.prototype, 'post')?.value as (this: Session, method: string, ...rest: unknown[]) => void;
Object.defineProperty(Session.prototype, 'post', {
  value(this: Session, method: string, ...rest: unknown[]): void {
    if (method === 'HeapProfiler.collectGarbage') collections++;
    post.call(this, method, ...rest);
  },
});

await import(pathToFileURL(main).href);
const stub = (globalThis as unknown as { __electronStub: Stub }).__electronStub;
const window = await until(() => stub.windows[0], 'the main window');
const call = stub.handlers['ipc:cs:call'];
if (!call) throw new Error('cs:call is not handled');
const asFrame = (url: string, parent: object | null, id = window.webContents.id) => ({ senderFrame: { url, parent }, sender: { id } });
const fromWindow = (request: unknown) => call(asFrame('app://connected-services/index.html#/', null), request);
const protocol = stub.handlers['protocol:app'] as (request: Request) => Promise<Response>;
const page = await protocol(new Request('app://connected-services/'));
const beforeRequest = (url: string) =>
  new Promise<unknown>((resolve) => stub.handlers['beforeRequest']?.({ url }, resolve));

const out: Record<string, unknown> = {
  registered: stub.calls.filter((c) => ['protocol.registerSchemesAsPrivileged', 'app.enableSandbox', 'app.setPath'].includes(String(c[0]))).map((c) => c[0]),
  window: { url: window.urls[0], shown: window.shown === true, webPreferences: window.options.webPreferences },
  webrtcPolicies: window.webContents.webrtcPolicies,
  protocol: { status: page.status, csp: page.headers.get('content-security-policy'), traversal: (await protocol(new Request('app://connected-services/..%2f..%2fpackage.json'))).status },
  status: await fromWindow({ method: 'status' }),
  iframe: await call(asFrame('app://connected-services/index.html', {}), { method: 'status' }),
  otherContents: await call(asFrame('app://connected-services/index.html', null, window.webContents.id + 50), { method: 'status' }),
  invalid: await fromWindow({ method: 'removeServer', input: { name: '../etc' } }),
  added: await fromWindow({ method: 'addServer', input: { name: 'reference', config: { command: process.execPath, args: ['--version'] } } }),
  agent: await fromWindow({ method: 'addAgent', input: { name: 'claude' } }),
  permission: {
    // As Electron: a check always comes with its details (the frame's URL among them).
    media: stub.handlers['permissionCheck']?.(null, 'media', 'app://connected-services', { requestingUrl: 'app://connected-services/index.html', mediaType: 'video', isMainFrame: true }),
    clipboardWrite: stub.handlers['permissionCheck']?.(null, 'clipboard-sanitized-write', 'app://connected-services', { requestingUrl: 'app://connected-services/index.html', isMainFrame: true }),
  },
  requests: { https: await beforeRequest('https://evil.example/a.js'), app: await beforeRequest('app://connected-services/a.js') },
};
out['events'] = window.webContents.sent.filter(([channel]) => channel === 'cs:event').map(([, message]) => message);
// Events go to our document only: with another origin in the top frame, none is sent.
const eventCount = () => window.webContents.sent.filter(([channel]) => channel === 'cs:event').length;
window.urls.push('https://evil.example/');
const beforeForeign = eventCount();
out['foreignAgent'] = await fromWindow({ method: 'addAgent', input: { name: 'foreign' } });
out['eventsToOtherOrigin'] = eventCount() - beforeForeign;
window.urls.pop();
out['readChannel'] = typeof stub.handlers['ipc-on:cs:event-read'];
// A renderer that crashed is loaded again.
window.webContents.emit('render-process-gone', {}, { reason: 'crashed' });
out['reloadedAfterCrash'] = stub.calls.filter((c) => c[0] === 'webContents.reload').length;

const navigation = (url: string) => {
  const details = { url, prevented: false, preventDefault() { this.prevented = true; } };
  window.webContents.emit('will-navigate', details);
  return details.prevented;
};
out['navigation'] = { https: navigation('https://docs.example.com/guide'), file: navigation('file:///etc/passwd'), own: navigation('app://connected-services/index.html#/agents') };
// As Electron tells it: which frame asked is not among the details.
out['windowOpen'] = window.webContents.openHandler({ url: 'https://docs.example.com/new', frameName: '', features: '', disposition: 'foreground-tab', referrer: { url: '', policy: 'no-referrer' } });
// Links open through the App API: from the window's main frame only, after the core's checks.
out['openLink'] = {
  iframe: await call(asFrame('app://connected-services/index.html', {}), { method: 'openLink', input: { url: 'http://127.0.0.1:5000/device', server: 'reference' } }),
  local: await fromWindow({ method: 'openLink', input: { url: 'https://localhost/admin' } }),
  own: await fromWindow({ method: 'openLink', input: { url: 'http://127.0.0.1:5000/device', server: 'reference' } }),
};

const tray = await until(() => (stub.trays[0]?.tooltip?.includes('to approve') ? stub.trays[0] : undefined), 'the tray to show the pending command');
out['tray'] = { tooltip: tray.tooltip, labels: tray.menu?.template.map((item) => item.label ?? '---') };
tray.menu?.template.find((item) => item.label === 'Pause all agent calls')?.click?.();
// The tray goes through the App API (async): wait for the bridge to say it is paused.
for (const end = Date.now() + 5_000; Date.now() < end; await sleep(20)) {
  out['bridgeAfterPause'] = await fromWindow({ method: 'bridgeInfo', input: {} });
  if ((out['bridgeAfterPause'] as { result?: { paused?: boolean } }).result?.paused === true) break;
}
out['trayFile'] = existsSync(process.env['CONNECTED_SERVICES_TEST_TRAY_FILE'] ?? '');

stub.app.emit('second-instance', {}, ['/opt/app', 'connected-services://service/reference']);
stub.app.emit('second-instance', {}, ['/opt/app', 'connected-services://service/reference']);
stub.app.emit('second-instance', {}, ['/opt/app', 'connected-services://service/../x?cmd=calc']);
await sleep(50);
out['deepLinks'] = window.urls.slice(1);

// As `serve`, the app gives back memory once its last server stops: a program that starts and ends.
const collectionsBefore = collections;
await fromWindow({ method: 'addServer', input: { name: 'brief', config: { command: process.execPath, args: ['-e', 'setTimeout(() => {}, 200)'] } } });
await fromWindow({ method: 'approveServer', input: { name: 'brief' } });
out['briefCall'] = await fromWindow({ method: 'callTool', input: { server: 'brief', tool: 'any' } });
out['collectionsAfterServersStopped'] = await until(() => (collections > collectionsBefore ? collections - collectionsBefore : undefined), 'a collection after the last server stopped');

out['runtimeBeforeQuit'] = existsSync(path.join(home, 'runtime.json'));
stub.app.quit();
out['exitCode'] = await until(() => stub.exitCode, 'the app to exit');
out['runtimeAfterQuit'] = existsSync(path.join(home, 'runtime.json'));
out['unregistered'] = stub.calls.filter((c) => ['ipcMain.removeHandler', 'ipcMain.removeListener', 'protocol.unhandle'].includes(String(c[0]))).map((c) => c.join(' '));
out['opened'] = stub.calls.filter((c) => c[0] === 'shell.openExternal').map((c) => c[1]);
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(0);
