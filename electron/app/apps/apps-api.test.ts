import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { AuditLog, REFUSALS_PER_WINDOW } from '../../bridge';
import type { Pool } from '../../pool';
import { createAppsApi } from './apps-api';
import { AppsHost } from './apps-host';

const HTML = '<!doctype html><html><body>app</body></html>';
// A declaration with a repeated origin and a keyword that is no origin.
const CSP = { connectDomains: ['https://api.shop.example', 'https://API.shop.example/'], resourceDomains: ['https://*.cdn.example', "'unsafe-eval'"] };

function tool(server: string, name: string, app?: ToolInfo['app'], annotations?: ToolInfo['annotations']): ToolInfo {
  return { server, name, inputSchema: { type: 'object' }, ...(app ? { app } : {}), ...(annotations ? { annotations } : {}) };
}

/** A pool of two servers; `calls` records what ran. */
function fakePool(calls: string[]): Pool {
  const tools: Record<string, ToolInfo[]> = {
    shop: [
      tool('shop', 'show-cart', { resourceUri: 'ui://shop/cart.html', visibility: ['model', 'app'] }),
      tool('shop', 'refresh-cart', { visibility: ['app'] }, { readOnlyHint: true }),
      tool('shop', 'place-order', undefined, { readOnlyHint: false }),
      tool('shop', 'delete-account', { visibility: ['model'] }, { destructiveHint: true }),
    ],
    bank: [tool('bank', 'get-balance')],
  };
  const pool = {
    tools: (server: string) => Promise.resolve(tools[server] ?? []),
    start: () => Promise.resolve({}),
    readResource: (_server: string, uri: string) => Promise.resolve({ contents: [{ uri, mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: { ui: { permissions: { camera: {} }, csp: CSP } } }] }),
    callTool: (server: string, name: string, args: Record<string, unknown>) => {
      calls.push(`${server}/${name} ${JSON.stringify(args)}`);
      return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
    },
  };
  return pool as unknown as Pool;
}

/** Resolves once `count` calls wait for the person (each hold comes after the pool's listing). */
function waitingCalls(host: AppsHost, count: number): Promise<void> {
  return new Promise((resolve) => {
    if (host.calls.list().length >= count) return resolve();
    const off = host.calls.on('pending', () => {
      if (host.calls.list().length < count) return;
      off();
      resolve();
    });
  });
}

describe('apps api', () => {
  async function opened(calls: string[] = []) {
    const host = new AppsHost();
    host.setOrigin('http://127.0.0.1:5555');
    const api = createAppsApi({ pool: fakePool(calls), host, settled: () => Promise.resolve() });
    const app = await api.openApp({ server: 'shop', tool: 'show-cart' });
    return { api, app, host, calls };
  }

  it('opens a tool’s app on the app origin with nothing granted the person did not allow', async () => {
    const { app, host } = await opened();
    expect(app.address).toBe(`http://127.0.0.1:5555/app/${app.appId}`);
    expect(app.requested).toEqual(['camera']);
    expect(app.allow).toBe('');
    expect(host.shelf.get(app.appId)?.html).toBe(HTML);
    // What the panel names when the app never starts: the origins it may reach, each once.
    expect(app.origins).toEqual(['https://api.shop.example', 'https://*.cdn.example']);
  });

  it('runs an app’s read call, holds a write for the person with its arguments, and refuses other servers and model-only tools', async () => {
    const { api, app, calls, host } = await opened();
    expect(await api.callAppTool({ appId: app.appId, tool: 'refresh-cart' })).toMatchObject({ content: [{ text: 'done' }] });
    const shown: unknown[] = [];
    host.calls.on('pending', (call) => {
      shown.push({ tool: call.tool, tier: call.tier, arguments: call.arguments });
      host.calls.decide(call.id, shown.length === 1 ? 'deny' : 'allow');
    });
    await expect(api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 1 } })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('did not allow') as unknown });
    expect(calls).toEqual(['shop/refresh-cart {}']);
    await api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 2 } });
    expect(shown).toEqual([
      { tool: 'place-order', tier: 'write', arguments: { id: 1 } },
      { tool: 'place-order', tier: 'write', arguments: { id: 2 } },
    ]);
    await expect(api.callAppTool({ appId: app.appId, tool: 'get-balance' })).rejects.toMatchObject({ code: 'denied' });
    await expect(api.callAppTool({ appId: app.appId, tool: 'delete-account' })).rejects.toMatchObject({ code: 'denied' });
    expect(shown).toHaveLength(2);
    expect(calls).toEqual(['shop/refresh-cart {}', 'shop/place-order {"id":2}']);
  });

  it("counts the refusals an app causes alone as an agent's are, so a looping app cannot rotate the audit away", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'apps-audit-'));
    const log = new AuditLog({ dataDir });
    try {
      const host = new AppsHost();
      host.setOrigin('http://127.0.0.1:5555');
      host.calls.on('pending', (call) => host.calls.decide(call.id, 'deny'));
      const api = createAppsApi({ pool: fakePool([]), host, settled: () => Promise.resolve(), audit: (e) => log.append(e), auditRefusal: (e) => log.appendRefusal(e) });
      const app = await api.openApp({ server: 'shop', tool: 'show-cart' });
      for (let i = 0; i < 300; i++) await api.callAppTool({ appId: app.appId, tool: 'get-balance' }).catch(() => undefined);
      // The person's own no is theirs to see whatever the count.
      await expect(api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 9 } })).rejects.toMatchObject({ code: 'denied' });
      await log.close();
      const kept = await new AuditLog({ dataDir }).read({ limit: 10_000 });
      const refused = kept.filter((e) => e.tool === 'get-balance');
      expect(refused.length).toBeLessThanOrEqual(REFUSALS_PER_WINDOW + 1);
      expect(refused.reduce((sum, e) => sum + (e.repeated ?? 1), 0)).toBe(300);
      expect(kept.filter((e) => e.tool === 'place-order')).toMatchObject([{ outcome: 'denied', via: 'app', tier: 'write' }]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('names a waiting write by the app\'s frame tag, never by its id (decisions are listed to every caller)', async () => {
    const { api, app, host } = await opened();
    const other = await api.openApp({ server: 'shop', tool: 'show-cart' });
    const waiting = api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 4 } });
    await waitingCalls(host, 1);
    const [call] = host.calls.list();
    expect(call?.frame).toBe(app.frame);
    expect(app.frame).not.toBe(other.frame);
    expect(JSON.stringify(host.calls.list())).not.toContain(app.appId);
    host.calls.decide(call?.id ?? '', 'deny');
    await expect(waiting).rejects.toMatchObject({ code: 'denied' });
  });

  it('refuses a waiting write when its app is closed, and bounds what one app may hold', async () => {
    const { api, app, host, calls } = await opened();
    const waiting = api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 3 } });
    await waitingCalls(host, 1);
    await api.closeApp({ appId: app.appId });
    await expect(waiting).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('closed') as unknown });
    expect(host.calls.list()).toEqual([]);
    expect(calls).toEqual([]);
  });

  // Each waiting write is a request held open; in a browser tab they would take the page's connections.
  it('holds one waiting write per app: a second is refused at once, a read still runs, and another app still asks', async () => {
    const { api, app, host, calls } = await opened();
    const first = api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 1 } });
    await waitingCalls(host, 1);
    await expect(api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 2 } })).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'The app of "shop" already waits for your answer on a call',
    });
    expect(host.calls.list().map((c) => c.arguments)).toEqual([{ id: 1 }]);
    expect(await api.callAppTool({ appId: app.appId, tool: 'refresh-cart' })).toMatchObject({ content: [{ text: 'done' }] });
    const other = await api.openApp({ server: 'shop', tool: 'show-cart' });
    const second = api.callAppTool({ appId: other.appId, tool: 'place-order', arguments: { id: 3 } });
    await waitingCalls(host, 2);
    const [firstCall, otherCall] = host.calls.list();
    host.calls.decide(firstCall?.id ?? '', 'allow');
    await first;
    // Answered, the app may ask again.
    const third = api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 4 } });
    await waitingCalls(host, 2);
    host.calls.close();
    await expect(third).rejects.toMatchObject({ code: 'denied' });
    await expect(second).rejects.toMatchObject({ code: 'denied' });
    expect(otherCall?.arguments).toEqual({ id: 3 });
    expect(calls).toEqual(['shop/refresh-cart {}', 'shop/place-order {"id":1}']);
  });

  it('refuses calls of a closed app and says where apps are shown when no app origin runs', async () => {
    const { api, app } = await opened();
    await api.closeApp({ appId: app.appId });
    await expect(api.callAppTool({ appId: app.appId, tool: 'refresh-cart' })).rejects.toMatchObject({ code: 'not_found' });
    const headless = createAppsApi({ pool: fakePool([]), host: new AppsHost(), settled: () => Promise.resolve() });
    await expect(headless.openApp({ server: 'shop', tool: 'show-cart' })).rejects.toMatchObject({ code: 'server_unavailable' });
    await expect(headless.openApp({ server: 'bank', tool: 'get-balance' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('shows no app whose document the person has not approved: held for review or refused, each saying why, nothing read', async () => {
    const reads: string[] = [];
    const pool = fakePool([]);
    const counted = { ...pool, readResource: (server: string, uri: string) => (reads.push(uri), pool.readResource(server, uri)) };
    const host = new AppsHost();
    host.setOrigin('http://127.0.0.1:5555');
    const pins: Record<string, 'held' | 'refused' | undefined> = { 'ui://shop/cart.html': 'held' };
    const api = createAppsApi({ pool: counted, host, settled: () => Promise.resolve(), withheldResource: (server, uri) => Promise.resolve(server === 'shop' ? pins[uri] : undefined) });
    const held: unknown = await api.openApp({ server: 'shop', tool: 'show-cart' }).catch((e: unknown) => e);
    expect(held).toMatchObject({ code: 'denied', message: 'The app of "show-cart" (ui://shop/cart.html) is new on "shop" and waits for your review; it is not shown until you accept it' });
    expect((held as { hint?: string }).hint).toContain('`connected-services servers review shop`');
    pins['ui://shop/cart.html'] = 'refused';
    await expect(api.openApp({ server: 'shop', tool: 'show-cart' })).rejects.toMatchObject({ code: 'denied', message: 'You refused the app of "show-cart" (ui://shop/cart.html) on "shop"; it is not shown' });
    expect(reads).toEqual([]);
    pins['ui://shop/cart.html'] = undefined;
    expect((await api.openApp({ server: 'shop', tool: 'show-cart' })).appId).toBeTruthy();
    expect(reads).toEqual(['ui://shop/cart.html']);
  });

  it('an app the host stops itself (the desktop app’s memory bound) is closed as by Close, and says why once', async () => {
    const { api, app, host } = await opened();
    const heard: unknown[] = [];
    const off = host.onStopped((stopped) => heard.push(stopped));
    const waiting = api.callAppTool({ appId: app.appId, tool: 'place-order', arguments: { id: 4 } });
    await waitingCalls(host, 1);
    host.stop({ appId: app.appId, reason: 'memory', message: 'This app was closed: it used 700 MB of memory' });
    await expect(waiting).rejects.toMatchObject({ code: 'denied' });
    expect(host.shelf.get(app.appId)).toBeUndefined();
    expect(heard).toEqual([{ appId: app.appId, reason: 'memory', message: 'This app was closed: it used 700 MB of memory' }]);
    off();
    host.stop({ appId: app.appId, reason: 'memory', message: 'again' });
    expect(heard).toHaveLength(1);
  });
});

// An app's id is its credential; still, whoever holds the command line's credential closes only the apps it opened.
describe('closeApp and callAppTool: an app is its opener’s and the person’s to use and close', () => {
  function host(): AppsHost {
    const made = new AppsHost();
    made.setOrigin('http://127.0.0.1:5555');
    return made;
  }

  it('the command line cannot close an app the person opened, and learns no more than of an id never issued', async () => {
    const apps = host();
    const api = createAppsApi({ pool: fakePool([]), host: apps, settled: () => Promise.resolve() });
    const theirs = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'app');
    const refused = await api.closeApp({ appId: theirs.appId }, 'cli').catch((e: unknown) => e);
    const unknown = await api.closeApp({ appId: 'never-issued' }, 'cli').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_found', message: 'That app was closed or has expired' });
    expect(unknown).toEqual(refused);
    // Still served, and its calls still run.
    expect(apps.shelf.get(theirs.appId)).toBeDefined();
    await expect(api.callAppTool({ appId: theirs.appId, tool: 'refresh-cart' })).resolves.toMatchObject({ content: [{ text: 'done' }] });
    // Any of the person's interfaces closes it (the desktop window as well as the tab that opened it).
    await expect(api.closeApp({ appId: theirs.appId }, 'ipc')).resolves.toEqual({ ok: true });
    expect(apps.shelf.get(theirs.appId)).toBeUndefined();
  });

  it('the command line closes what it opened; the person closes that too, and an id already gone is no error to the person', async () => {
    const apps = host();
    const api = createAppsApi({ pool: fakePool([]), host: apps, settled: () => Promise.resolve() });
    const own = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'cli');
    await expect(api.closeApp({ appId: own.appId }, 'cli')).resolves.toEqual({ ok: true });
    expect(apps.shelf.get(own.appId)).toBeUndefined();
    await expect(api.closeApp({ appId: own.appId }, 'cli')).rejects.toMatchObject({ code: 'not_found' });
    const again = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'cli');
    await expect(api.closeApp({ appId: again.appId }, 'terminal')).resolves.toEqual({ ok: true });
    await expect(api.closeApp({ appId: again.appId })).resolves.toEqual({ ok: true });
    // An offline command's own core is not the running app's command line.
    const offline = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'cli-offline');
    await expect(api.closeApp({ appId: offline.appId }, 'cli')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('the command line runs tools only in the apps it opened, and is answered as for an id never issued', async () => {
    const apps = host();
    const api = createAppsApi({ pool: fakePool([]), host: apps, settled: () => Promise.resolve() });
    const theirs = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'app');
    const refused = await api.callAppTool({ appId: theirs.appId, tool: 'refresh-cart' }, 'cli').catch((e: unknown) => e);
    const unknown = await api.callAppTool({ appId: 'never-issued', tool: 'refresh-cart' }, 'cli').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'not_found', message: 'That app was closed or has expired' });
    expect(unknown).toEqual(refused);
    const offline = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'cli-offline');
    await expect(api.callAppTool({ appId: offline.appId, tool: 'refresh-cart' }, 'cli')).rejects.toMatchObject({ code: 'not_found' });
    // Its own app, and the person's everywhere.
    const own = await api.openApp({ server: 'shop', tool: 'show-cart' }, 'cli');
    await expect(api.callAppTool({ appId: own.appId, tool: 'refresh-cart' }, 'cli')).resolves.toMatchObject({ content: [{ text: 'done' }] });
    await expect(api.callAppTool({ appId: own.appId, tool: 'refresh-cart' }, 'ipc')).resolves.toMatchObject({ content: [{ text: 'done' }] });
    await expect(api.callAppTool({ appId: theirs.appId, tool: 'refresh-cart' }, 'app')).resolves.toMatchObject({ content: [{ text: 'done' }] });
  });
});
