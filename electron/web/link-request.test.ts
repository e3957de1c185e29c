import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub } from '../app';
import { errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { LINK_REQUEST_RATE } from './link-request';
import { startWebServer, type WebServer, type WebServerOptions } from './web-server';

const printed = 'printed-one-time-link';
let web: WebServer | undefined;
let now = 0;

async function start(extra: Partial<WebServerOptions> = {}) {
  const events = new EventHub();
  const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
  now = 1_000_000;
  web = await startWebServer({
    api: fakeApi(events),
    door,
    port: 0,
    staticDir: mkdtempSync(join(tmpdir(), 'cs-link-request-')),
    secret: printed,
    cliSecret: 'command-line-secret',
    now: () => now,
    ...extra,
  });
  return web;
}

/** What the signed-out page sends: no secret at all. */
const ask = (port: number, headers: Record<string, string> = {}, body = '{}') =>
  send(port, '/api/ui-link/request', { method: 'POST', headers: { 'content-type': 'application/json', connection: 'close', ...headers }, body });

const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get('token') ?? '';

afterEach(async () => {
  await web?.close();
  web = undefined;
});

describe('a signed-out page asking for a new sign-in address', () => {
  it('has serve show one where it runs, and the answer carries nothing of it', async () => {
    const shown: string[] = [];
    const askers: string[] = [];
    const web = await start({ showLink: (url, askedBy) => (shown.push(url), askers.push(askedBy)) });
    const asked = await ask(web.port, { origin: web.origin });
    expect(asked.status).toBe(200);
    expect(askers).toEqual(['sign-in page']);
    expect(JSON.parse(asked.body)).toEqual({ result: { shown: true } });
    expect(shown).toHaveLength(1);
    const fresh = tokenOf(shown[0] ?? '');
    expect(shown[0]).toBe(`${web.origin}/#token=${fresh}`);
    for (const [name, value] of Object.entries(asked.headers)) expect(`${name}: ${String(value)}`).not.toContain(fresh);
    expect(asked.body).not.toContain(fresh);
    expect(asked.body).not.toContain('token');
    // The new address works, once; the printed one still works too: any local process may ask as a page.
    expect(await signIn(web.port, fresh)).toBeTruthy();
    await expect(signIn(web.port, fresh)).rejects.toThrow(/already used/);
    expect(await signIn(web.port, printed)).toBeTruthy();
  });

  it("ends, of the unused addresses, only the one the last page's request printed", async () => {
    const shown: string[] = [];
    const web = await start({ showLink: (url) => shown.push(url) });
    expect((await ask(web.port)).status).toBe(200);
    expect((await ask(web.port)).status).toBe(200);
    await expect(signIn(web.port, tokenOf(shown[0] ?? ''))).rejects.toThrow(/already used/);
    expect(await signIn(web.port, tokenOf(shown[1] ?? ''))).toBeTruthy();
    expect(await signIn(web.port, printed)).toBeTruthy();
  });

  it('is rate limited: a small burst, then one per interval, the refusal saying when (Retry-After) and showing nothing', async () => {
    const shown: string[] = [];
    const web = await start({ showLink: (url) => shown.push(url) });
    for (let i = 0; i < LINK_REQUEST_RATE.burst; i++) expect((await ask(web.port)).status).toBe(200);
    const refused = await ask(web.port);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(LINK_REQUEST_RATE.everyMs / 1000));
    expect(errorOf(refused).message).toContain('in the terminal where serve runs');
    expect(shown).toHaveLength(LINK_REQUEST_RATE.burst);

    now += LINK_REQUEST_RATE.everyMs - 1;
    expect((await ask(web.port)).status).toBe(429);
    now += 1;
    expect((await ask(web.port)).status).toBe(200);
    expect((await ask(web.port)).status).toBe(429);
    expect(shown).toHaveLength(LINK_REQUEST_RATE.burst + 1);
  });

  it('refuses another origin, another host name, and anything but an empty JSON POST, without spending the budget', async () => {
    const shown: string[] = [];
    const web = await start({ showLink: (url) => shown.push(url) });
    const refusals = [
      await ask(web.port, { origin: 'https://evil.example' }),
      await ask(web.port, { origin: 'null' }),
      await ask(web.port, { host: 'evil.example' }),
      await send(web.port, '/api/ui-link/request', { headers: { connection: 'close' } }),
      await ask(web.port, { 'content-type': 'text/plain' }),
      await ask(web.port, {}, '{"link":"x"}'),
      await ask(web.port, {}, '[]'),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 405, 400, 400, 400]);
    expect((await ask(web.port, {}, JSON.stringify({ pad: 'x'.repeat(100) }))).status).toBe(413);
    expect(shown).toEqual([]);
    for (let i = 0; i < LINK_REQUEST_RATE.burst; i++) expect((await ask(web.port)).status).toBe(200);
  });

  it('has no address to show where the UI is the desktop window', async () => {
    const web = await start();
    const asked = await ask(web.port);
    expect(asked.status).toBe(404);
    expect(errorOf(asked).message).toContain('own window');
  });
});
