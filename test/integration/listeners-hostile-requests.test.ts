import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub } from '../../electron/app';
import { createLoopbackListener, type RedirectListener } from '../../electron/auth/loopback-listener';
import { AppShelf } from '../../electron/mcp-apps';
import { startAppOrigin, type AppOrigin } from '../../electron/web/app-origin';
import { startWebServer, type WebServer } from '../../electron/web/web-server';
import { INITIALIZE, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { hostileRequests, rawExchange, STACK_TRACE, written, type ValidRequest } from '../support/hostile-requests';
import { fakeApi } from '../support/web-server-harness';

/** Every uncaught exception and unhandled rejection while the listeners are fed: there must be none. */
const faults: string[] = [];
const fault = (error: unknown): void => void faults.push(String(error instanceof Error ? error.stack : error));

/** One listener: the address, a request it accepts (and its status), and the log of its internal errors. */
interface Listener {
  port: number;
  valid: ValidRequest;
  /** What the accepted request is answered. */
  validStatus: readonly number[];
}

/**
 * Any process of this user can reach each of our 127.0.0.1 listeners. Each bent request is refused
 * with a 4xx (CONNECT, which node closes unanswered, aside) showing no stack, and the accepted request
 * is still served right after it.
 */
async function feed(listener: Listener): Promise<string[]> {
  const host = `127.0.0.1:${listener.port}`;
  const wrong: string[] = [];
  const cases = [...hostileRequests(listener.valid, host), { name: 'CONNECT', raw: `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n` }];
  for (const hostile of cases) {
    const answer = await rawExchange(listener.port, hostile.raw, hostile.end === true ? { end: true } : {});
    const refused = hostile.name === 'CONNECT' ? answer.text === '' : answer.status >= 400 && answer.status < 500;
    if (!refused || STACK_TRACE.test(answer.text)) wrong.push(`${hostile.name}: ${answer.text.split('\r\n')[0] ?? ''}${STACK_TRACE.test(answer.text) ? ' (with a stack trace)' : ''}`);
    const next = await rawExchange(listener.port, written(listener.valid, host));
    if (!listener.validStatus.includes(next.status)) wrong.push(`${hostile.name}: the next accepted request was answered ${next.status}`);
  }
  return wrong;
}

describe('every 127.0.0.1 listener outlives hostile local clients', () => {
  const logged: string[] = [];
  let web: WebServer;
  let apps: AppOrigin;
  let appId = '';
  let bridge: BridgeHarness;
  let token = '';
  let signIn: RedirectListener;
  const cliSecret = 'command-line-secret-for-hostile-tests';

  beforeAll(async () => {
    process.on('uncaughtException', fault);
    process.on('unhandledRejection', fault);
    const staticDir = mkdtempSync(join(tmpdir(), 'cs-hostile-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<h1>ui</h1>');
    const api = fakeApi(new EventHub());
    const door = createApiDoor({ api, admin: { record: (entry) => ({ ...entry, id: 'x', time: 0 }) } });
    web = await startWebServer({ api, door, port: 0, staticDir, cliSecret, log: (line) => logged.push(line) });
    const shelf = new AppShelf();
    appId = shelf.put({ server: 'srv', uri: 'ui://srv/app', html: '<p>app</p>', declared: undefined, granted: [] });
    apps = await startAppOrigin({ shelf, ancestors: () => [web.origin] });
    bridge = await startBridge({}, { log: (line: string) => logged.push(line) });
    token = (await bridge.bridge.agents.add('agent', { servers: ['*'] })).token;
    signIn = await createLoopbackListener({});
    // Waiting for a sign-in whose state no request here carries: each callback is a stray one.
    void signIn.next(undefined, 60_000, 'the-sign-in-state').catch(() => undefined);
  });

  afterAll(async () => {
    await Promise.all([web.close(), apps.close(), bridge.close(), signIn.close()]);
    process.off('uncaughtException', fault);
    process.off('unhandledRejection', fault);
  });

  it('the web UI and its App API', async () => {
    const valid: ValidRequest = { method: 'POST', path: '/api/status', headers: { Authorization: `Bearer ${cliSecret}`, 'Content-Type': 'application/json' }, body: '{}' };
    expect(await feed({ port: web.port, valid, validStatus: [200] })).toEqual([]);
    const page: ValidRequest = { method: 'GET', path: '/', headers: {} };
    expect(await feed({ port: web.port, valid: page, validStatus: [200] })).toEqual([]);
    expect(logged.filter((line) => line.startsWith('web:'))).toEqual([]);
  }, 60_000);

  it('the apps\' origin', async () => {
    const valid: ValidRequest = { method: 'GET', path: `/app/${appId}`, headers: { 'Sec-Fetch-Dest': 'iframe' } };
    expect(await feed({ port: Number(new URL(apps.origin).port), valid, validStatus: [200] })).toEqual([]);
  }, 60_000);

  it('the bridge\'s /mcp endpoint', async () => {
    const valid: ValidRequest = { method: 'POST', path: '/mcp', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: INITIALIZE };
    expect(await feed({ port: bridge.bridge.port, valid, validStatus: [200] })).toEqual([]);
    expect(logged.filter((line) => line.startsWith('bridge request failed'))).toEqual([]);
  }, 60_000);

  it('the sign-in redirect listener', async () => {
    const valid: ValidRequest = { method: 'GET', path: '/callback?code=c&state=another-state', headers: {} };
    // A stray callback (another state) is answered 400, then 429 past the strays' budget: the listener still waits.
    expect(await feed({ port: Number(new URL(signIn.redirectUri).port), valid, validStatus: [400, 429] })).toEqual([]);
  }, 60_000);

  it('left no uncaught exception, unhandled rejection or polluted prototype', () => {
    expect(faults).toEqual([]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});
