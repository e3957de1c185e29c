import { describe, expect, it } from 'vitest';
import { createFakeApi, serverStatus } from '../../test/support/renderer';
import { ServersStore } from './servers-store';

describe('ServersStore', () => {
  it('loads once, then follows serverState events, sorted by name', async () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'b' })] }) });
    const store = new ServersStore(api);
    const off = store.listen();
    await store.refresh();
    api.emit('serverState', serverStatus({ name: 'a', state: 'error' }));
    api.emit('serverState', serverStatus({ name: 'b', state: 'stopped' }));
    expect(store.get().servers.map((s) => `${s.name}:${s.state}`)).toEqual(['a:error', 'b:stopped']);
    off.forEach((f) => f());
    api.emit('serverState', serverStatus({ name: 'c' }));
    expect(store.get().servers).toHaveLength(2);
  });

  it('shares one status request among concurrent refreshes and runs one follow-up', async () => {
    let release: () => void = () => undefined;
    let calls = 0;
    const api = createFakeApi({
      status: async () => {
        calls += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return createFakeApi().status({});
      },
    });
    const store = new ServersStore(api);
    const first = store.refresh();
    const second = store.refresh();
    const third = store.refresh();
    expect(second).toBe(first);
    expect(third).toBe(first);
    release();
    await new Promise((r) => setTimeout(r, 0));
    release();
    await first;
    expect(calls).toBe(2);
  });

  it('keeps a state announced while the status call was under way when it is newer than the answer', async () => {
    let release: () => void = () => undefined;
    const answer = [serverStatus({ name: 'broken', state: 'starting', since: 1_000 }), serverStatus({ name: 'ok', state: 'ready', since: 1_000 })];
    const api = createFakeApi({
      status: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { ...(await createFakeApi().status({})), servers: answer };
      },
    });
    const store = new ServersStore(api);
    store.listen();
    const refreshed = store.refresh();
    // Announced after the call read its answer (later `since`), delivered before the answer arrives.
    api.emit('serverState', serverStatus({ name: 'broken', state: 'error', since: 2_000 }));
    // An older announcement does not override the answer.
    api.emit('serverState', serverStatus({ name: 'ok', state: 'starting', since: 500 }));
    release();
    await refreshed;
    expect(store.get().servers.map((s) => `${s.name}:${s.state}`)).toEqual(['broken:error', 'ok:ready']);
  });

  it('refreshes when an inventory changes (servers added or removed elsewhere)', async () => {
    const api = createFakeApi();
    const store = new ServersStore(api);
    store.listen();
    api.emit('inventoryChanged', { server: 'gone' });
    await new Promise((r) => setTimeout(r, 0));
    expect(api.callsOf('status')).toHaveLength(1);
  });

  it('keeps the error of a failed load for the screen to show', async () => {
    const api = createFakeApi({ status: () => Promise.reject(Object.assign(new Error('core gone'), { code: 'server_unavailable', hint: 'Start it again.' })) });
    const store = new ServersStore(api);
    await store.refresh();
    expect(store.get()).toMatchObject({ loaded: true, error: { message: 'core gone', hint: 'Start it again.' } });
  });
});
