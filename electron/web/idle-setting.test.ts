import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import type { McpConfig } from '../../shared/config';
import { createApiDoor, EventHub } from '../app';
import { errorOf, fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { uiSessionIdleSetting } from './idle-setting';
import { SESSION_IDLE_MS, UiSignIn } from './ui-sign-in';
import { startWebServer, type WebServer } from './web-server';

let web: WebServer | undefined;
afterEach(async () => {
  await web?.close();
  web = undefined;
});

const MINUTE = 60_000;

describe('settings.uiSessionIdleMs changed while the web server runs', () => {
  it('applies at the next idle check, to the sessions already open; unset is the default', () => {
    let now = 1_000_000;
    let config: McpConfig = { mcpServers: {}, settings: { uiSessionIdleMs: 60 * MINUTE } };
    const sessions = new UiSignIn({ now: () => now, idleMs: uiSessionIdleSetting(() => config) });
    const tab = sessions.exchange(sessions.issue()) ?? '';
    now += 20 * MINUTE;
    expect([sessions.idleMs, sessions.sessionState(tab, false)]).toEqual([60 * MINUTE, 'live']);
    config = { mcpServers: {}, settings: { uiSessionIdleMs: 10 * MINUTE } };
    expect([sessions.idleMs, sessions.sessionState(tab, false)]).toEqual([10 * MINUTE, 'idle']);

    config = { mcpServers: {} };
    const other = sessions.exchange(sessions.issue()) ?? '';
    now += SESSION_IDLE_MS - 1;
    expect([sessions.idleMs, sessions.sessionState(other, false)]).toEqual([SESSION_IDLE_MS, 'live']);
  });

  it("answers a tab's still-here with the limit as now set, and ends it by that limit", async () => {
    let now = 1_000_000;
    let idleMs: number | undefined = 60 * MINUTE;
    const events = new EventHub();
    const door = createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } });
    web = await startWebServer({ api: fakeApi(events), door, port: 0, staticDir: mkdtempSync(join(tmpdir(), 'cs-web-idle-')), secret: 'printed-link', now: () => now, sessionIdleMs: () => idleMs });
    const session = await signIn(web.port, 'printed-link');
    const port = web.port;
    const stillHere = () =>
      send(port, '/api/still-here', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${session}`, connection: 'close', [PERSON_USE_HEADER]: '1' }, body: '{}' });
    const first = await stillHere();
    expect([first.status, JSON.parse(first.body)]).toEqual([200, { result: { stillHere: true, idleMs: 60 * MINUTE } }]);
    idleMs = 5 * MINUTE;
    now += 5 * MINUTE - 1;
    const kept = await stillHere();
    expect([kept.status, JSON.parse(kept.body)]).toEqual([200, { result: { stillHere: true, idleMs: 5 * MINUTE } }]);
    now += 5 * MINUTE;
    const ended = await stillHere();
    expect([ended.status, errorOf(ended).message]).toEqual([401, 'This tab was signed out after 5 minutes without use']);
  });
});
