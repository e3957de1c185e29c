import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub, type CallerInfo } from '../app';
import { errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { SIGN_IN_LINK_TTL_MS } from './ui-sign-in';
import { startWebServer, type WebServer, type WebServerOptions } from './web-server';

const link = 'printed-one-time-link';
const cliSecret = 'command-line-secret';
let web: WebServer | undefined;

async function start(extra: Partial<WebServerOptions> = {}) {
  const events = new EventHub();
  const callers: CallerInfo[] = [];
  const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
  web = await startWebServer({
    api: fakeApi(events),
    door: { ...door, call: (from, method, input) => (callers.push(from), door.call(from, method, input)) },
    port: 0,
    staticDir: mkdtempSync(join(tmpdir(), 'cs-web-sign-in-')),
    secret: link,
    cliSecret,
    ...extra,
  });
  return { web, callers };
}

const exchange = (port: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  send(port, '/api/session', { method: 'POST', headers: { connection: 'close', ...headers }, body });
const status = (port: number, bearer: string) =>
  send(port, '/api/status', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, connection: 'close' }, body: '{}' });

afterEach(async () => {
  await web?.close();
  web = undefined;
});

describe('signing the web UI in', () => {
  it('trades the printed link once for a session that is the person; a second trade is refused with what to do', async () => {
    const signedIn: number[] = [];
    const { web, callers } = await start({ onSignedIn: () => signedIn.push(1) });
    const traded = await exchange(web.port, JSON.stringify({ link }));
    const session = (JSON.parse(traded.body) as { session: string }).session;
    expect(signedIn).toHaveLength(1);
    // What a program that held the port before may have left this origin in the browser goes as the tab signs in.
    expect(traded.headers['clear-site-data']).toBe('"cache", "storage"');
    expect((await status(web.port, session)).status).toBe(200);
    expect(callers).toEqual([{ caller: 'app' }]);

    // What a process that read the link from the browser's history gets: nothing.
    const again = await exchange(web.port, JSON.stringify({ link }));
    expect(again.status).toBe(401);
    expect(errorOf(again).message).toBe('A sign-in address works once, within 10 minutes: this one was already used or is out of date');
    expect((JSON.parse(again.body) as { error: { hint: string } }).error.hint).toContain('connected-services serve --ui-link');
    expect((await status(web.port, link)).status).toBe(401);
    expect(again.headers['clear-site-data']).toBeUndefined();
    expect(signedIn).toHaveLength(1);
  });

  it('refuses a link past its lifetime', async () => {
    let now = 0;
    const { web } = await start({ now: () => now });
    now = SIGN_IN_LINK_TTL_MS;
    expect((await exchange(web.port, JSON.stringify({ link }))).status).toBe(401);
  });

  it('takes a JSON POST only, with a bounded body of the right shape', async () => {
    const { web } = await start();
    expect((await send(web.port, '/api/session', { headers: { connection: 'close' } })).status).toBe(405);
    expect((await exchange(web.port, JSON.stringify({ link }), { 'content-type': 'text/plain' })).status).toBe(400);
    for (const body of ['{}', JSON.stringify({ link: 5 }), JSON.stringify({ link, more: 1 }), JSON.stringify({ link: 'x'.repeat(300) })]) {
      expect((await exchange(web.port, body)).status, body).toBe(401);
    }
    expect((await exchange(web.port, JSON.stringify({ link: 'x'.repeat(5000) }))).status).toBe(413);
    // None of those used the link up.
    expect(await signIn(web.port, link)).toBeTruthy();
  });

  it('shows a new link where the person sees it when the command line asks, never in the answer', async () => {
    const shown: string[] = [];
    const { web } = await start({ showLink: (url) => shown.push(url) });
    const ask = (bearer: string) => send(web.port, '/api/ui-link', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, connection: 'close' }, body: '{}' });
    expect((await ask('nobody')).status).toBe(401);
    const asked = await ask(cliSecret);
    expect(asked.status).toBe(200);
    expect(shown).toHaveLength(1);
    const fresh = new URLSearchParams(new URL(shown[0] ?? '').hash.slice(1)).get('token') ?? '';
    expect(shown[0]).toBe(`${web.origin}/#token=${fresh}`);
    expect(asked.body).not.toContain(fresh);
    expect(await signIn(web.port, fresh)).toBeTruthy();
    // Any local process can read the command line's credential: its links never end the one serve printed.
    expect(await ask(cliSecret).then((r) => r.status)).toBe(200);
    expect(await signIn(web.port, link)).toBeTruthy();
  });

  it('mints links for the command line at a bounded rate, apart from the page\'s, and says when to ask again', async () => {
    const shown: string[] = [];
    let now = 1_000_000;
    const { web } = await start({ showLink: (url) => shown.push(url), now: () => now });
    const ask = () => send(web.port, '/api/ui-link', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${cliSecret}`, connection: 'close' }, body: '{}' });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(errorOf(refused)).toMatchObject({ code: 'rate_limited', message: 'A new sign-in address was asked for a moment ago: it is in the terminal where serve runs' });
    expect(shown).toHaveLength(2);
    // The page's budget is its own: a process spending the command line's leaves the button working.
    expect((await send(web.port, '/api/ui-link/request', { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close' }, body: '{}' })).status).toBe(200);
    now += 10_000;
    expect((await ask()).status).toBe(200);
    expect(shown).toHaveLength(4);
  });

  it('has no link to show where the UI is the desktop window', async () => {
    const { web } = await start();
    const asked = await send(web.port, '/api/ui-link', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${cliSecret}`, connection: 'close' }, body: '{}' });
    expect(asked.status).toBe(404);
    expect(errorOf(asked).message).toContain('own window');
  });
});
