import { describe, expect, it } from 'vitest';
import { API_METHODS, type AppApi, type Caller } from '../../../shared/api';
import { createAdminApi } from '../admin/admin-api';
import { createApiDoor, type ApiDoor } from './api-door';
import { Confirmations } from './confirmations';

/** The person's API as a recorder of whom openApp, callAppTool and closeApp were told; the door's own methods are real. */
function setup(appOpener?: (appId: string) => string | undefined): { door: ApiDoor; told: Array<[string, unknown]>; confirmations: Confirmations } {
  const told: Array<[string, unknown]> = [];
  const methods: Record<string, unknown> = { on: () => () => undefined };
  for (const method of Object.keys(API_METHODS)) {
    methods[method] = (_input: unknown, who?: unknown) => {
      if (method === 'openApp' || method === 'callAppTool' || method === 'closeApp') told.push([method, who]);
      if (method === 'status') return Promise.resolve({ servers: [{ name: 'shop' }] });
      return Promise.resolve(method === 'listAgents' || method === 'listApprovals' ? [] : { ok: true });
    };
  }
  const api = methods as unknown as AppApi;
  const record = (entry: object) => ({ ...entry, id: 'e', time: 0 }) as never;
  const confirmations = new Confirmations({ now: () => 1000, ttlMs: 600_000 });
  const adminApi = createAdminApi({ api: () => api, admin: { record, query: () => Promise.resolve([]), unreviewed: () => Promise.resolve([]) } as never, confirmations });
  Object.assign(methods, adminApi);
  return { door: createApiDoor({ api, admin: { record }, confirmations, ...(appOpener ? { appOpener } : {}) }), told, confirmations };
}

describe('openApp, callAppTool and closeApp are told who asks', () => {
  it.each(['app', 'ipc', 'terminal', 'cli'] as Caller[])('closeApp from %s', async (caller) => {
    const { door, told } = setup();
    await door.call({ caller }, 'closeApp', { appId: 'a' });
    expect(told).toEqual([['closeApp', caller]]);
  });

  it('an app the person opens is theirs', async () => {
    const { door, told } = setup();
    await door.call({ caller: 'app' }, 'openApp', { server: 'shop', tool: 'show-cart' });
    expect(told).toEqual([['openApp', 'app']]);
  });

  it('an app the command line asked for, once the person confirms it, is the command line’s', async () => {
    const { door, told } = setup();
    const waiting = await door.call({ caller: 'cli' }, 'openApp', { server: 'shop', tool: 'show-cart' }).catch((e: unknown) => e);
    const id = (waiting as { data?: { confirmation?: string } }).data?.confirmation ?? '';
    expect(waiting).toMatchObject({ code: 'denied', data: { confirmation: expect.stringMatching(/^c-/) as unknown } });
    expect(told).toEqual([]);
    await expect(door.call({ caller: 'app' }, 'decideConfirmation', { id, decision: 'confirm' })).resolves.toMatchObject({ outcome: 'confirmed' });
    expect(told).toEqual([['openApp', 'cli']]);
  });

  it('a tool of an app the command line asked to run, once the person confirms it, runs as the command line’s', async () => {
    const { door, told } = setup();
    await expect(door.call({ caller: 'app' }, 'callAppTool', { appId: 'a', tool: 'refresh-cart' })).resolves.toEqual({ ok: true });
    expect(told).toEqual([['callAppTool', 'app']]);
    const waiting = await door.call({ caller: 'cli' }, 'callAppTool', { appId: 'a', tool: 'refresh-cart' }).catch((e: unknown) => e);
    const id = (waiting as { data?: { confirmation?: string } }).data?.confirmation ?? '';
    await expect(door.call({ caller: 'app' }, 'decideConfirmation', { id, decision: 'confirm' })).resolves.toMatchObject({ outcome: 'confirmed' });
    expect(told).toEqual([['callAppTool', 'app'], ['callAppTool', 'cli']]);
  });

  it('a tool of an app the command line did not open is not_found at once: the person is not asked', async () => {
    const { door, told, confirmations } = setup((appId) => (appId === 'own' ? 'cli' : appId === 'theirs' ? 'app' : undefined));
    for (const appId of ['theirs', 'never-issued']) {
      await expect(door.call({ caller: 'cli' }, 'callAppTool', { appId, tool: 'refresh-cart' })).rejects.toMatchObject({ code: 'not_found', message: 'That app was closed or has expired' });
    }
    expect(confirmations.list()).toEqual([]);
    await expect(door.call({ caller: 'cli' }, 'callAppTool', { appId: 'own', tool: 'refresh-cart' })).rejects.toMatchObject({ code: 'denied', data: { confirmation: expect.stringMatching(/^c-/) as unknown } });
    // The person's own interfaces reach any app.
    await expect(door.call({ caller: 'app' }, 'callAppTool', { appId: 'theirs', tool: 'refresh-cart' })).resolves.toEqual({ ok: true });
    expect(told).toEqual([['callAppTool', 'app']]);
  });
});
