// Run by stdio-auth-tray.test.ts in a child process: the bundled desktop main (dist/shell-main.mjs) on the
// stand-in `electron` module (shell-electron-stub.mjs), with a stdio server that signs in at a real
// oidc-provider. Drives its tray as a person would: Sign in, then Sign in again after the grant was revoked;
// prints what it saw as one JSON line. Usage: stdio-auth-tray-driver.ts <dist/shell-main.mjs>
import { writeFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startAuthorizationServer } from '../fixtures/oauth/authorization-server';
import { PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { startTokenApi } from '../fixtures/stdio-auth/token-api';
import { scriptedBrowser } from '../support/oauth-harness';
import { tsEntry } from '../support/ts-entry';

interface MenuItem {
  label?: string;
  click?: () => void;
}
interface Stub {
  calls: unknown[][];
  handlers: Record<string, (...args: unknown[]) => unknown>;
  windows: { urls: string[]; webContents: { id: number } }[];
  trays: { tooltip?: string; menu?: { template: MenuItem[] } }[];
  exitCode: number | undefined;
  app: { quit(): void };
}
interface Answer {
  result?: { isError?: boolean; content?: { text?: string }[]; servers?: { name: string; state: string }[] };
  error?: { code: string; message: string; hint?: string };
}

const [main] = process.argv.slice(2);
if (!main) throw new Error('usage: stdio-auth-tray-driver.ts <dist/shell-main.mjs>');
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const home = process.env['CONNECTED_SERVICES_HOME'] ?? '';
const TTL_S = 6;

const as = await startAuthorizationServer({ accessTokenTtl: TTL_S });
const api = await startTokenApi(as.issuer);
writeFileSync(
  path.join(home, 'mcp.json'),
  JSON.stringify({
    mcpServers: {
      mail: {
        command: process.execPath,
        args: tsEntry(path.join(ROOT, 'test/fixtures/stdio-auth/token-env-server.ts')),
        cwd: ROOT,
        env: { API_TOKEN: '${token}', API_URL: api.url },
        auth: { type: 'oauth', issuer: as.issuer, clientId: PUBLIC_CLIENT.clientId, scopes: ['openid'] },
      },
    },
    settings: { bridgePort: Number(process.env['BRIDGE_PORT']) },
  }),
  { mode: 0o600 },
);

const stubUrl = pathToFileURL(path.join(import.meta.dirname, 'shell-electron-stub.mjs')).href;
register(`data:text/javascript,${encodeURIComponent(`export async function resolve(specifier, context, next) {
  return specifier === 'electron' ? { url: ${JSON.stringify(stubUrl)}, shortCircuit: true } : next(specifier, context);
}`)}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(100)) {
    const value = await read();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

await import(pathToFileURL(main).href);
const stub = (globalThis as unknown as { __electronStub: Stub }).__electronStub;
const window = await until(() => stub.windows[0], 'the main window');
const call = stub.handlers['ipc:cs:call'];
if (!call) throw new Error('cs:call is not handled');
const fromWindow = (method: string, input: unknown = {}) =>
  call({ senderFrame: { url: 'app://connected-services/index.html#/', parent: null }, sender: { id: window.webContents.id } }, { method, input }) as Promise<Answer>;
const labels = () => stub.trays[0]?.menu?.template.map((item) => item.label ?? '---') ?? [];
const click = (label: string) => {
  const item = stub.trays[0]?.menu?.template.find((i) => i.label === label);
  if (!item?.click) throw new Error(`no tray item "${label}" in ${JSON.stringify(labels())}`);
  item.click();
};
const opened = () => stub.calls.filter((c) => c[0] === 'shell.openExternal').map((c) => String(c[1]));
const whoami = () => fromWindow('callTool', { server: 'mail', tool: 'whoami', arguments: {} });

// The browser the person signs in with: follows each URL the app opens.
const browser = scriptedBrowser();
async function signInThroughTheTray(label: string): Promise<void> {
  const before = opened().length;
  click(label);
  const url = await until(() => opened()[before], `the sign-in page after "${label}"`);
  await browser.opener(url);
  await browser.settled();
}

const out: Record<string, unknown> = {};
await fromWindow('approveServer', { name: 'mail' });
out['beforeConnect'] = await whoami();
out['trayBeforeConnect'] = await until(() => (labels().includes('Sign in to mail') ? labels() : undefined), 'Sign in to mail in the tray');

await signInThroughTheTray('Sign in to mail');
out['connectUrl'] = opened()[0];
out['trayConnected'] = await until(() => (labels().includes('mail — ready') ? labels() : undefined), 'mail to be ready');
out['afterConnect'] = await whoami();

// The person revokes the app's access at the provider: the program's token is refused, the refresh
// token too (invalid_grant), and the tray asks to sign in again.
out['revoked'] = await as.revokeGrantOf(api.requests.at(-1)?.token ?? '');
const again = () => labels().find((l) => l === 'Sign in again to mail' || l === 'Sign in to mail');
out['trayRevoked'] = await until(
  async () => {
    if (labels().includes('mail — needs sign-in') && again() !== undefined) return labels();
    await whoami();
    return undefined;
  },
  'Sign in again to mail in the tray',
);
out['afterRevoke'] = await whoami();
await signInThroughTheTray(again() ?? 'Sign in again to mail');
out['trayReauthorized'] = await until(() => (labels().includes('mail — ready') ? labels() : undefined), 'mail to be ready again');
out['afterReauthorize'] = await whoami();
out['visits'] = browser.visits.map((v) => ({ status: v.status, error: v.error instanceof Error ? v.error.message : v.error === undefined ? undefined : 'failed' }));
out['opened'] = opened().length;
out['tooltip'] = stub.trays[0]?.tooltip;
out['tokens'] = [...new Set(api.requests.map((r) => r.token))];
out['navigated'] = window.urls;

stub.app.quit();
out['exitCode'] = await until(() => stub.exitCode, 'the app to exit');
await api.close();
await as.close();
process.stdout.write(`${JSON.stringify(out)}\n`);
process.exit(0);
