import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub, type ApiDoor, type CallerInfo } from '../app';
import { corsHeaders, cookiesSet, errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { startWebServer, type WebServer } from './web-server';

/** A new link, as `serve --ui-link` asks for one: the server shows it (here: into `shown`), and never answers it. */
let shown: string[] = [];
const exchange = (port: number, body: string) => send(port, '/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

async function newLink(port: number, cliSecret: string): Promise<string> {
  const reply = await send(port, '/api/ui-link', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${cliSecret}` }, body: '{}' });
  if (reply.status !== 200) throw new Error(`no new link: ${reply.body}`);
  const url = shown.at(-1) ?? '';
  return new URLSearchParams(new URL(url).hash.slice(1)).get('token') ?? '';
}

describe('web server', () => {
  let web: WebServer;
  let events: EventHub;
  const secret = 'per-run-secret-for-tests';
  const cliSecret = 'command-line-secret-for-tests';
  let callers: CallerInfo[];
  /** The session the printed link was traded for: the UI's credential. */
  let session = '';
  let auth: Record<string, string> = {};
  let json: Record<string, string> = {};

  beforeEach(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'cs-web-'));
    writeFileSync(join(staticDir, 'index.html'), '<h1>ui</h1>');
    events = new EventHub();
    const api = fakeApi(events);
    const door = createApiDoor({ api, admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
    callers = [];
    const spy: ApiDoor = { ...door, call: (from, method, input) => (callers.push(from), door.call(from, method, input)) };
    shown = [];
    web = await startWebServer({ api, door: spy, port: 0, staticDir, secret, cliSecret, showLink: (url) => shown.push(url) });
    session = await signIn(web.port, secret);
    auth = { authorization: `Bearer ${session}` };
    json = { 'content-type': 'application/json', ...auth };
  });
  afterEach(async () => {
    await web.close();
  });
  it('answers no CORS, not even to a preflight or a request from its own origin', async () => {
    const own = `http://127.0.0.1:${web.port}`;
    const replies = [
      await send(web.port, '/api/status', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' } }),
      await send(web.port, '/api/status', { method: 'OPTIONS', headers: { origin: own, 'access-control-request-method': 'POST' } }),
      await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin: own }, body: '{}' }),
      await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin: 'https://evil.example' }, body: '{}' }),
      await send(web.port, '/health', { headers: { origin: 'https://evil.example' } }),
      await send(web.port, '/', {}),
    ];
    for (const reply of replies) {
      const cors = Object.keys(reply.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
    }
    // The page's own request still works: CORS is simply never needed for it.
    expect(replies[2]?.status).toBe(200);
  });

  afterAll(() => {
    // Cookies are not bound to a port (RFC 6265 §8.5): one would reach every server on 127.0.0.1.
    expect(cookiesSet).toEqual([]);
    expect(corsHeaders).toEqual([]);
  });

  it('answers health and binds loopback only', async () => {
    const reply = await send(web.port, '/health');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ ok: true });
    expect(web.url).toBe(`http://127.0.0.1:${web.port}/#token=${secret}`);
    expect(web.secret).toBe(secret);
  });

  it('refuses foreign and lookalike Host headers before anything else', async () => {
    for (const host of ['evil.example', `127.0.0.1.evil.example:${web.port}`, `localhost:${web.port + 1}`, '127.0.0.1']) {
      const reply = await send(web.port, '/health', { headers: { host } });
      expect(reply.status, host).toBe(403);
    }
    expect((await send(web.port, '/health', { headers: { host: `localhost:${web.port}` } })).status).toBe(200);
  });

  it('refuses a foreign or null Origin', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${web.port + 1}`]) {
      const reply = await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin }, body: '{}' });
      expect(reply.status, origin).toBe(403);
    }
    const same = await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin: `http://127.0.0.1:${web.port}` }, body: '{}' });
    expect(same.status).toBe(200);
  });

  it('takes no call from a page of `localhost` or `[::1]` (another program may hold [::1]:PORT), and moves a page asked for as localhost to 127.0.0.1', async () => {
    for (const origin of [`http://localhost:${web.port}`, `http://[::1]:${web.port}`]) {
      const reply = await send(web.port, '/api/status', { method: 'POST', headers: { ...json, origin }, body: '{}' });
      expect(reply.status, origin).toBe(403);
    }
    const moved = await send(web.port, '/settings?x=1', { headers: { host: `localhost:${web.port}` } });
    expect(moved.status).toBe(307);
    expect(moved.headers['location']).toBe(`http://127.0.0.1:${web.port}/settings?x=1`);
    expect(moved.body).toBe('');
    expect((await send(web.port, '/', { headers: { host: `[::1]:${web.port}` } })).headers['location']).toBe(`http://127.0.0.1:${web.port}/`);
    expect((await send(web.port, '/', {})).status).toBe(200);
  });

  it('serves the page shell without the secret, with its hardening headers and no cookie', async () => {
    const page = await send(web.port, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<h1>ui</h1>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect((await send(web.port, '/', { headers: { host: 'evil.example' } })).status).toBe(403);
    expect((await send(web.port, '/', { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await send(web.port, '/', { method: 'POST', body: '{}' })).status).toBe(405);
  });

  it('sends an address of the old ?token= form to the fragment form, setting no cookie, used or not: the page trades it or says it is used', async () => {
    // The link printed at start was traded in beforeEach; a new one is shown (here: kept) and not yet used.
    const fresh = await newLink(web.port, cliSecret);
    const old = await send(web.port, `/?token=${fresh}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`/#token=${fresh}`);
    expect(old.headers['set-cookie']).toBeUndefined();
    expect(old.headers['referrer-policy']).toBe('no-referrer');
    // A used one is no JSON error: the page shows it as it shows a used #token= address.
    const used = await send(web.port, `/?token=${secret}`);
    expect(used.status).toBe(303);
    expect(used.headers.location).toBe(`/#token=${secret}`);
    expect((await exchange(web.port, JSON.stringify({ link: secret }))).status).toBe(401);
    // Whatever the query holds goes back only as one encoded, bounded fragment value.
    const odd = 'a\r\nset-cookie: x=1&b=' + 'z'.repeat(300);
    const echoed = await send(web.port, `/?token=${encodeURIComponent(odd)}`);
    expect(echoed.status).toBe(303);
    expect(echoed.headers['set-cookie']).toBeUndefined();
    expect(echoed.headers.location).toBe(`/#token=${encodeURIComponent(odd.slice(0, 256))}`);
  });

  it('serves the App API and the event stream only to the bearer secret, never to a session cookie', async () => {
    const post = (headers: Record<string, string>) => send(web.port, '/api/status', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toContain('Bearer');
    expect(errorOf(missing).message).toContain('connected-services serve');
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ authorization: session })).status).toBe(401);
    // What the earlier version set, and what any other local server could have collected.
    expect((await post({ cookie: `cs_session=${secret}` })).status).toBe(401);
    expect((await send(web.port, '/api/events', { headers: { cookie: `cs_session=${secret}` } })).status).toBe(401);
    expect((await send(web.port, '/api/events')).status).toBe(401);
    const ok = await post(auth);
    expect(ok.status).toBe(200);
    expect((JSON.parse(ok.body) as { result: { version: string } }).result.version).toBe('t');
  });

  it('tells the door who calls: the UI secret is the person (`app`), the command line credential is `cli`', async () => {
    const post = (bearer: string, extra: Record<string, string> = {}) =>
      send(web.port, '/api/status', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...extra }, body: '{}' });
    expect((await post(session)).status).toBe(200);
    // The printed link's secret is no credential: it only signs a tab in, once.
    expect((await post(secret)).status).toBe(401);
    expect((await post(cliSecret, { 'x-connected-services-pid': '4242' })).status).toBe(200);
    expect((await post(cliSecret, { 'x-connected-services-pid': 'not a pid' })).status).toBe(200);
    expect(callers).toEqual([{ caller: 'app' }, { caller: 'cli', pid: 4242 }, { caller: 'cli' }]);
    expect(web.cliSecret).toBe(cliSecret);
    expect(web.url).toContain(secret);
    expect(web.url).not.toContain(cliSecret);
    // The command line has no screen: the event stream is the UI's.
    const events = await send(web.port, '/api/events', { headers: { authorization: `Bearer ${cliSecret}` } });
    expect(events.status).toBe(403);
    // The old ?token= form signs nothing in by itself: the page trades what it holds as a link, and only a link is taken.
    expect((await send(web.port, `/?token=${cliSecret}`)).headers.location).toBe(`/#token=${cliSecret}`);
    expect((await exchange(web.port, JSON.stringify({ link: cliSecret }))).status).toBe(401);
    expect((await exchange(web.port, JSON.stringify({ link: session }))).status).toBe(401);
  });

  it('parses every payload with the contract and returns coded errors', async () => {
    const ok = await send(web.port, '/api/listTools', { method: 'POST', headers: json, body: '{}' });
    expect(JSON.parse(ok.body)).toEqual({ result: [] });
    const bad = await send(web.port, '/api/listTools', { method: 'POST', headers: json, body: '{"server": 5}' });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).code).toBe('invalid_input');
    const unknown = await send(web.port, '/api/rmrf', { method: 'POST', headers: json, body: '{}' });
    expect(unknown.status).toBe(404);
    const missing = await send(web.port, '/api/stopServer', { method: 'POST', headers: json, body: '{"name":"x"}' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: 'No server named "x" is configured' });
    const notJson = await send(web.port, '/api/status', { method: 'POST', headers: json, body: '{' });
    expect(errorOf(notJson).code).toBe('invalid_input');
    const formPost = await send(web.port, '/api/status', { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' });
    expect(formPost.status).toBe(400);
    const lookAlike = await send(web.port, '/api/status', { method: 'POST', headers: { ...auth, 'content-type': 'application/jsonx' }, body: '{}' });
    expect(errorOf(lookAlike).message).toBe('Send the request body as application/json');
    const withCharset = await send(web.port, '/api/status', { method: 'POST', headers: { ...auth, 'content-type': 'Application/JSON; charset=utf-8' }, body: '{}' });
    expect(withCharset.status).toBe(200);
    const huge = await send(web.port, '/api/status', { method: 'POST', headers: json, body: `{"x":"${'a'.repeat(1024 * 1024 + 10)}"}` });
    expect(huge.status).toBe(413);
    expect(errorOf(huge)).toMatchObject({ code: 'invalid_input', message: 'The request body is larger than the App API accepts (1 MiB)' });
    expect((await send(web.port, '/health')).status).toBe(200);
  });

  it('never serves files outside the renderer folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/..%2fpackage.json']) {
      const reply = await send(web.port, path, { headers: auth });
      expect(reply.status, path).toBe(404);
    }
  });

  it('streams core events as server-sent events', async () => {
    const received = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: web.port, path: '/api/events', headers: { host: `127.0.0.1:${web.port}`, ...auth } }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString('utf8');
          if (text.includes(': connected')) events.emit('inventoryChanged', { server: 'memory' });
          if (text.includes('event: inventoryChanged')) {
            req.destroy();
            resolve(text);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(await received).toContain('data: {"server":"memory"}');
  });
});
