import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { createApiDoor, EventHub } from '../app';
import { errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { idleTime } from '../../shared/config';
import { SESSION_IDLE_MS, UiSignIn } from './ui-sign-in';
import { startWebServer, type WebServer } from './web-server';

const link = 'printed-one-time-link';
const cliSecret = 'command-line-secret';
let web: WebServer | undefined;
let now = 1_000_000;
let shown: string[] = [];

async function start(): Promise<WebServer> {
  const events = new EventHub();
  const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
  web = await startWebServer({ api: fakeApi(events), door, port: 0, staticDir: mkdtempSync(join(tmpdir(), 'cs-web-end-')), secret: link, cliSecret, now: () => now, showLink: (url) => shown.push(url) });
  return web;
}
/** A call as the page makes it: `used` when it follows a person's press. */
const post = (port: number, path: string, bearer: string, used = false) =>
  send(port, path, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, connection: 'close', ...(used ? { [PERSON_USE_HEADER]: '1' } : {}) }, body: '{}' });

/** Resolves when the server ends the event stream it opened for `bearer`. */
function streamEnd(port: number, bearer: string): Promise<{ opened: Promise<void>; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let opened!: () => void;
    const openedP = new Promise<void>((r) => (opened = r));
    const req = request({ host: '127.0.0.1', port, path: '/api/events', headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${bearer}` } }, (res) => {
      res.once('data', () => opened());
      resolve({ opened: openedP, ended: new Promise<void>((r) => res.on('close', () => r())) });
      res.resume();
    });
    req.on('error', reject);
    req.end();
  });
}

afterEach(async () => {
  await web?.close();
  web = undefined;
  now = 1_000_000;
  shown = [];
});

describe('the end of a tab session', () => {
  it('ends a session after its idle time, counting calls as use and the event stream as none', () => {
    const signIn = new UiSignIn({ now: () => now, idleMs: 1000 });
    const used = signIn.exchange(signIn.issue()) ?? '';
    const listening = signIn.exchange(signIn.issue()) ?? '';
    now += 999;
    expect(signIn.sessionState(used)).toBe('live');
    expect(signIn.sessionState(listening, false)).toBe('live');
    now += 999;
    expect(signIn.sessionState(used)).toBe('live');
    expect(signIn.sessionState(listening, false)).toBe('idle');
    now += 1000;
    expect(signIn.isSession(used)).toBe(false);
    expect(signIn.sessionState(used)).toBe('idle');
    expect(signIn.sessionState('never-a-session')).toBe('unknown');
    expect(new UiSignIn().idleMs).toBe(SESSION_IDLE_MS);
  });

  it('names the idle time as a person reads it, in hours when it is whole hours', () => {
    expect([5 * 60_000, 30 * 60_000, 90 * 60_000, 60 * 60_000, 120 * 60_000, 24 * 60 * 60_000].map(idleTime)).toEqual(['5 minutes', '30 minutes', '90 minutes', '1 hour', '2 hours', '24 hours']);
    // A hand-set value that is not whole minutes is said as it is, not rounded to a minute.
    expect([330_000, 301_000, 5 * 60_000 + 59_600, 3_600_400, 61 * 60_000 + 15_000].map(idleTime)).toEqual(['5 minutes 30 seconds', '5 minutes 1 second', '6 minutes', '1 hour', '61 minutes 15 seconds']);
  });

  it("answers an idle tab's call 401 with why, and the command line's credential never idles", async () => {
    const web = await start();
    const session = await signIn(web.port, link);
    now += SESSION_IDLE_MS - 1;
    expect((await post(web.port, '/api/status', session, true)).status).toBe(200);
    now += SESSION_IDLE_MS - 1;
    expect((await post(web.port, '/api/status', session, true)).status).toBe(200);
    now += SESSION_IDLE_MS;
    const refused = await post(web.port, '/api/status', session);
    expect(refused.status).toBe(401);
    expect(errorOf(refused)).toMatchObject({ code: 'denied', message: 'This tab was signed out after 30 minutes without use', data: { reason: 'idle' } });
    expect(errorOf(await post(web.port, '/api/status', 'never-a-session')).message).toContain('This tab is not signed in');
    expect((await post(web.port, '/api/status', cliSecret)).status).toBe(200);
  });

  it("ends a tab whose only calls are the page's own (timers, reloads on events), however often they come", async () => {
    const web = await start();
    const session = await signIn(web.port, link);
    const stream = await streamEnd(web.port, session);
    await stream.opened;
    for (let minute = 1; minute < SESSION_IDLE_MS / 60_000; minute += 1) {
      now += 60_000;
      expect((await post(web.port, '/api/keepApp', session)).status).not.toBe(401);
      expect((await post(web.port, '/api/status', session)).status).toBe(200);
    }
    now += 60_000;
    const refused = await post(web.port, '/api/status', session);
    expect([refused.status, errorOf(refused).message]).toEqual([401, 'This tab was signed out after 30 minutes without use']);
    await stream.ended;
    // The ordinary case beside it: a call after a press keeps another tab in, as long again.
    await post(web.port, '/api/ui-link', cliSecret);
    const used = await signIn(web.port, new URLSearchParams(new URL(shown[0] ?? '').hash.slice(1)).get('token') ?? '');
    now += SESSION_IDLE_MS - 1;
    expect((await post(web.port, '/api/status', used, true)).status).toBe(200);
    now += SESSION_IDLE_MS - 1;
    expect((await post(web.port, '/api/status', used)).status).toBe(200);
  });

  it('signs a tab out on its word: the secret stops working at once and its event stream closes; another tab stays in', async () => {
    const web = await start();
    const session = await signIn(web.port, link);
    await post(web.port, '/api/ui-link', cliSecret);
    const other = await signIn(web.port, new URLSearchParams(new URL(shown[0] ?? '').hash.slice(1)).get('token') ?? '');
    const stream = await streamEnd(web.port, session);
    await stream.opened;
    const out = await post(web.port, '/api/sign-out', session);
    expect([out.status, JSON.parse(out.body)]).toEqual([200, { result: { signedOut: true } }]);
    await stream.ended;
    expect((await post(web.port, '/api/status', session)).status).toBe(401);
    expect((await post(web.port, '/api/sign-out', session)).status).toBe(401);
    expect((await post(web.port, '/api/status', other)).status).toBe(200);
    const cli = await post(web.port, '/api/sign-out', cliSecret);
    expect([cli.status, errorOf(cli).message]).toEqual([400, 'Only a tab of the web UI signs out: the command line has no session']);
  });

  it("keeps a tab in on a marked still-here and nothing else; an unmarked one is no use, and the command line has none", async () => {
    const web = await start();
    const session = await signIn(web.port, link);
    for (let i = 0; i < 3; i += 1) {
      now += SESSION_IDLE_MS - 1;
      const kept = await post(web.port, '/api/still-here', session, true);
      expect([kept.status, JSON.parse(kept.body)]).toEqual([200, { result: { stillHere: true, idleMs: SESSION_IDLE_MS } }]);
    }
    now += SESSION_IDLE_MS - 1;
    expect((await post(web.port, '/api/still-here', session)).status).toBe(200);
    now += 1;
    expect((await post(web.port, '/api/still-here', session, true)).status).toBe(401);
    const cli = await post(web.port, '/api/still-here', cliSecret, true);
    expect([cli.status, errorOf(cli).code]).toEqual([400, 'invalid_input']);
    expect((await send(web.port, '/api/still-here', { headers: { authorization: `Bearer ${cliSecret}` } })).status).toBe(405);
  });

  it("tells the event stream of an idle tab why (the page shows it), and of an unknown secret nothing more", async () => {
    const web = await start();
    const session = await signIn(web.port, link);
    now += SESSION_IDLE_MS;
    const idle = await send(web.port, '/api/events', { headers: { authorization: `Bearer ${session}` } });
    expect([idle.status, errorOf(idle)]).toEqual([401, expect.objectContaining({ message: 'This tab was signed out after 30 minutes without use', data: { reason: 'idle' } })]);
    const unknown = await send(web.port, '/api/events', { headers: { authorization: 'Bearer never-a-session' } });
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.body)).not.toHaveProperty('error.data');
  });
});
