import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

// A real `serve`: settings.uiSessionIdleMs reaches its web UI, a tab's "still here" counts, and an
// unknown /api/ name is 404 to a signed-in tab, 401 to anyone without a secret.
describe("the web UI's session in a running serve", () => {
  let served: Served;
  let plain: Served;
  let home: string;

  beforeAll(async () => {
    home = tempHome();
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { uiSessionIdleMs: 3_600_000 } }), { mode: 0o600 });
    served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' }, undefined, { browserLink: false });
    plain = await startServe(tempHome(), [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' }, undefined, { browserLink: false });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
    await plain?.stop();
  });

  const stillHere = (at: Served, bearer: string, marked = true) =>
    fetch(`${at.origin}/api/still-here`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...(marked ? { [PERSON_USE_HEADER]: '1' } : {}) },
      body: '{}',
    });

  it('keeps a tab as long as settings.uiSessionIdleMs says, thirty minutes without it', async () => {
    const set = await stillHere(served, served.secret);
    expect([set.status, await set.json()]).toEqual([200, { result: { stillHere: true, idleMs: 3_600_000 } }]);
    const unset = await stillHere(plain, plain.secret);
    expect([unset.status, await unset.json()]).toEqual([200, { result: { stillHere: true, idleMs: 1_800_000 } }]);
    expect((await stillHere(served, 'never-a-session')).status).toBe(401);
  });

  it('takes a changed settings.uiSessionIdleMs in mcp.json at its next check, without a restart', async () => {
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { uiSessionIdleMs: 600_000 } }), { mode: 0o600 });
    // The file is read again when its watch sees the change: asked until then.
    await expect
      .poll(async () => ((await (await stillHere(served, served.secret)).json()) as { result: { idleMs: number } }).result.idleMs, { timeout: 30_000, interval: 200 })
      .toBe(600_000);
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    await expect
      .poll(async () => ((await (await stillHere(served, served.secret)).json()) as { result: { idleMs: number } }).result.idleMs, { timeout: 30_000, interval: 200 })
      .toBe(1_800_000);
  }, 60_000);

  it('sets the limit from the Settings screen (setWebUiSettings): open tabs take it, a value out of bounds is refused, null is the default again', async () => {
    const api = (method: string, payload: unknown) =>
      fetch(`${served.origin}/api/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${served.secret}`, [PERSON_USE_HEADER]: '1' },
        body: JSON.stringify(payload),
      });
    const idleNow = async () => ((await (await stillHere(served, served.secret)).json()) as { result: { idleMs: number } }).result.idleMs;
    const refused = await api('setWebUiSettings', { uiSessionIdleMs: 60_000 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('from 300000 to 86400000 (5 minutes to 24 hours)');
    const set = await api('setWebUiSettings', { uiSessionIdleMs: 7_200_000 });
    expect([set.status, await set.json()]).toEqual([200, { result: { uiSessionIdleMs: 7_200_000 } }]);
    expect(await idleNow()).toBe(7_200_000);
    expect((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { settings?: unknown }).settings).toEqual({ uiSessionIdleMs: 7_200_000 });
    const back = await api('setWebUiSettings', { uiSessionIdleMs: null });
    expect([back.status, await back.json()]).toEqual([200, { result: {} }]);
    expect(await idleNow()).toBe(1_800_000);
    const log = (await (await api('readAdminLog', {})).json()) as { result: Array<{ method: string; summary: string }> };
    expect(log.result.filter((e) => e.method === 'setWebUiSettings').map((e) => e.summary)).toEqual([
      'change how long a web UI tab stays signed in unused: the default',
      'change how long a web UI tab stays signed in unused: 2 hours',
    ]);
  }, 60_000);

  it('answers an unknown App API name 404 to a signed-in tab and 401 without a secret, as for a known one (whatever the method)', async () => {
    const unknown = await fetch(`${served.origin}/api/rmrf`, { headers: { authorization: `Bearer ${served.secret}` } });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: { code: 'not_found', message: 'The App API has no method "rmrf"' } }]);
    for (const path of ['/api/rmrf', '/api/status']) {
      const anonymous = await fetch(`${served.origin}${path}`);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    const posted = await fetch(`${served.origin}/api/rmrf`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(posted.status).toBe(401);
  });
});
