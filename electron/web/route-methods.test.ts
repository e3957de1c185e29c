import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub } from '../app';
import { errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { startWebServer, type WebServer } from './web-server';

const link = 'printed-one-time-link';
let web: WebServer;
let bearer: Record<string, string>;

beforeEach(async () => {
  const staticDir = mkdtempSync(join(tmpdir(), 'cs-web-methods-'));
  writeFileSync(join(staticDir, 'index.html'), '<h1>ui</h1>');
  writeFileSync(join(staticDir, 'app.js'), 'console.log(1)');
  const events = new EventHub();
  const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
  web = await startWebServer({ api: fakeApi(events), door, port: 0, staticDir, secret: link, cliSecret: 'command-line-secret', showLink: () => undefined });
  bearer = { authorization: `Bearer ${await signIn(web.port, link)}` };
});
afterEach(async () => {
  await web.close();
});

describe('the methods each path takes', () => {
  it('answers HEAD of a page, a file, health and the event stream as GET does, without a body', async () => {
    for (const [path, headers] of [['/', {}], ['/app.js', {}], ['/health', {}], ['/api/events', bearer]] as const) {
      const get = path === '/api/events' ? undefined : await send(web.port, path);
      const head = await send(web.port, path, { method: 'HEAD', headers });
      expect([path, head.status]).toEqual([path, 200]);
      expect(head.body).toBe('');
      if (get) expect(head.headers['content-type']).toBe(get.headers['content-type']);
    }
    expect((await send(web.port, '/api/events', { method: 'HEAD', headers: bearer })).headers['content-type']).toMatch(/^text\/event-stream/);
  });

  it('refuses a wrong method on a known path with 405 and the methods it takes', async () => {
    const cases = [
      ['/', 'POST', 'GET, HEAD'],
      ['/app.js', 'DELETE', 'GET, HEAD'],
      ['/health', 'PUT', 'GET, HEAD'],
      ['/api/session', 'GET', 'POST'],
      ['/api/ui-link/request', 'GET', 'POST'],
      ['/api/status', 'GET', 'POST'],
      ['/api/events', 'POST', 'GET, HEAD'],
    ] as const;
    for (const [path, method, allow] of cases) {
      const reply = await send(web.port, path, { method, headers: { ...bearer, 'content-type': 'application/json' } });
      expect([path, method, reply.status, reply.headers['allow']]).toEqual([path, method, 405, allow]);
      expect(errorOf(reply).message).toBe(`${path} takes ${allow} only`);
    }
  });

  it('still answers 404 for a path it does not know, whatever the method, and the right method as before', async () => {
    for (const method of ['GET', 'HEAD', 'POST']) expect((await send(web.port, '/no-such-page.js', { method })).status).toBe(404);
    expect((await send(web.port, '/api/status', { method: 'POST', headers: { ...bearer, 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    expect((await send(web.port, '/')).body).toBe('<h1>ui</h1>');
  });

  it('answers an unknown App API name 404 with a JSON error to a signed-in caller, and 401 to one without a secret', async () => {
    for (const method of ['GET', 'POST']) {
      const reply = await send(web.port, '/api/rmrf', { method, headers: { ...bearer, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
      expect([method, reply.status, reply.headers['content-type']]).toEqual([method, 404, 'application/json; charset=utf-8']);
      expect(errorOf(reply)).toEqual({ code: 'not_found', message: 'The App API has no method "rmrf"' });
    }
    // Without a secret, a name that exists and one that does not are answered alike.
    for (const path of ['/api/rmrf', '/api/status']) {
      const reply = await send(web.port, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect([path, reply.status, errorOf(reply).code]).toEqual([path, 401, 'denied']);
    }
    // Nor does a wrong method tell them apart: a 405 is for a caller with a secret.
    for (const path of ['/api/rmrf', '/api/status', '/api/sign-out', '/api/still-here']) expect([path, (await send(web.port, path)).status]).toEqual([path, 401]);
    expect((await send(web.port, '/api/status', { headers: bearer })).status).toBe(405);
    const long = await send(web.port, `/api/${'x'.repeat(500)}`, { headers: bearer });
    expect([long.status, errorOf(long).message.length < 120]).toEqual([404, true]);
  });
});
