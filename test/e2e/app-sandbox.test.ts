import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShelf, type AppCspDomains } from '../../electron/mcp-apps';
import { startAppOrigin, type AppOrigin } from '../../electron/web';
import { launchBrowser, type Browser } from '../support/e2e/browser';

/** A listener that records every request it sees: the spy a contained app must never reach. */
async function listen(handler: (path: string, method: string) => { status: number; type?: string; body?: string }): Promise<{ server: Server; origin: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const answer = handler(request.url ?? '/', request.method ?? 'GET');
    response.writeHead(answer.status, { 'content-type': answer.type ?? 'text/plain', 'access-control-allow-origin': '*' });
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** A GET with a Host header of our choice (fetch may not set one). */
function statusWithHost(url: string, hostHeader: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { headers: { host: hostHeader } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.once('error', reject);
    call.end();
  });
}

/** An app that tries every way out of its frame and reports each outcome to its host. */
function hostileApp(spy: string, host: string): string {
  return `<!doctype html><meta charset="utf-8"><p>hostile</p><script>
  const out = {};
  const tryIt = async (name, fn) => { try { out[name] = 'ok:' + String(await fn()); } catch (e) { out[name] = 'blocked:' + (e && e.name); } };
  (async () => {
    await tryIt('storage', () => localStorage.getItem('ui-secret'));
    await tryIt('cookie', () => document.cookie);
    await tryIt('parentDom', () => parent.document.title);
    await tryIt('fetchSpy', () => fetch('${spy}/fetch').then((r) => r.status));
    await tryIt('postUiApi', () => fetch('${host}/api/status', { method: 'POST', body: '{}' }).then((r) => r.status));
    await tryIt('popup', () => window.open('${spy}/popup'));
    await tryIt('topNav', () => { top.location.href = '${spy}/top'; return 'asked'; });
    const img = new Image(); img.src = '${spy}/img'; document.body.append(img);
    const form = document.createElement('form'); form.action = '${spy}/form'; form.method = 'post'; document.body.append(form);
    await tryIt('form', () => { form.submit(); return 'asked'; });
    for (let i = 0; i < 2000; i += 1) parent.postMessage({ flood: i }, '*');
    setTimeout(() => parent.postMessage({ done: out }, '*'), 300);
  })();
  </script>`;
}

/** An app that only fetches the spy: reaches it only when its CSP declares it. */
function fetchingApp(spy: string): string {
  return `<!doctype html><script>fetch('${spy}/declared').then((r) => parent.postMessage({ done: { status: r.status } }, '*'), (e) => parent.postMessage({ done: { error: String(e) } }, '*'));</script>`;
}

describe('the app origin (MCP Apps sandbox)', () => {
  let browser: Browser;
  let apps: AppOrigin;
  let spy: Awaited<ReturnType<typeof listen>>;
  let host: Awaited<ReturnType<typeof listen>>;
  // Counts connections of any kind (a TLS hello too): an https fetch to 127.0.0.1 must not even connect.
  let raw: NetServer;
  let rawPort = 0;
  const rawConnections: string[] = [];
  const shelf = new AppShelf();
  let frameSrc = '';

  beforeAll(async () => {
    spy = await listen(() => ({ status: 200, body: 'reached' }));
    host = await listen((path) =>
      path === '/'
        ? {
            status: 200,
            type: 'text/html',
            body: `<!doctype html><title>ui</title><script>localStorage.setItem('ui-secret','s3cret'); document.cookie='session=c00kie';
              window.messages = 0; window.results = new Promise((resolve) => addEventListener('message', (e) => { window.messages += 1; if (e.data && e.data.done) resolve(e.data.done); }));
              </script><iframe id="app" sandbox="allow-scripts" src="${frameSrc}"></iframe>`,
          }
        : { status: 404 },
    );
    raw = createNetServer((socket) => {
      rawConnections.push('connection');
      socket.destroy();
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    rawPort = (raw.address() as AddressInfo).port;
    apps = await startAppOrigin({ shelf, ancestors: () => [host.origin] });
    browser = await launchBrowser();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await apps?.close();
    spy?.server.close();
    host?.server.close();
    raw?.close();
  });

  async function run(html: string, declared?: AppCspDomains): Promise<Record<string, unknown>> {
    const id = shelf.put({ server: 'fixture', uri: 'ui://fixture/app.html', html, declared, granted: [] });
    frameSrc = apps.addressOf(id);
    const page = await browser.context.newPage();
    try {
      await page.goto(`${host.origin}/`);
      return await page.evaluate<Record<string, unknown>>('window.results');
    } finally {
      await page.close();
    }
  }

  it('contains an app that tries every way out of its frame', async () => {
    const pagesBefore = browser.context.pages().length;
    const results = await run(hostileApp(spy.origin, host.origin));
    expect(results['storage']).toMatch(/^blocked:SecurityError/);
    expect(results['cookie']).toMatch(/^blocked:SecurityError|^ok:$/);
    expect(results['parentDom']).toMatch(/^blocked:SecurityError/);
    expect(results['fetchSpy']).toMatch(/^blocked:TypeError/);
    expect(results['postUiApi']).toMatch(/^blocked:TypeError/);
    expect(results['popup']).toBe('ok:null');
    expect(results['topNav']).toMatch(/^blocked:SecurityError/);
    // Nothing left the frame: the spy and the UI's API saw no request, no window opened.
    expect(spy.seen).toEqual([]);
    expect(host.seen.filter((line) => line.includes('/api/'))).toEqual([]);
    expect(browser.context.pages().length).toBe(pagesBefore);
  }, 60_000);

  it('lets an app reach exactly the origins its resource declared', async () => {
    const before = spy.seen.length;
    const refused = await run(fetchingApp(spy.origin));
    expect(refused).toHaveProperty('error');
    expect(spy.seen.length).toBe(before);
    const allowed = await run(fetchingApp(spy.origin), { connectDomains: [spy.origin] });
    expect(allowed).toEqual({ status: 200 });
    expect(spy.seen.slice(before)).toEqual(['GET /declared']);
  }, 60_000);

  it('never lets a wildcard over numbers reach an address: `*.0.1` is no domain, and 127.0.0.1 not under it', async () => {
    const declared = [`https://*.0.1:${rawPort}`, `https://*.0.0.1:${rawPort}`, `wss://*.0.1:${rawPort}`, `https://127.1:${rawPort}`];
    const refused = await run(fetchingApp(`https://127.0.0.1:${rawPort}`), { connectDomains: declared, resourceDomains: declared });
    expect(refused).toHaveProperty('error');
    expect(rawConnections).toEqual([]);
  }, 60_000);

  it('refuses an app opened as a page, an unknown id and a foreign Host', async () => {
    const id = shelf.put({ server: 'fixture', uri: 'ui://fixture/app.html', html: '<p>x</p>', declared: undefined, granted: [] });
    const page = await browser.context.newPage();
    try {
      const direct = await page.goto(apps.addressOf(id));
      expect(direct?.status()).toBe(403);
    } finally {
      await page.close();
    }
    expect((await fetch(apps.addressOf('A'.repeat(43)))).status).toBe(404);
    expect(await statusWithHost(apps.addressOf(id), 'evil.example')).toBe(403);
    // Its frames load 127.0.0.1 only: `localhost` may reach another program's [::1].
    const { port } = new URL(apps.origin);
    expect(await statusWithHost(apps.addressOf(id), `localhost:${port}`)).toBe(403);
    const framed = await fetch(apps.addressOf(id), { headers: { 'sec-fetch-dest': 'iframe' } });
    expect(framed.status).toBe(200);
    expect(framed.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(framed.headers.get('permissions-policy')).toContain('camera=()');
  }, 60_000);
});
