import { describe, expect, it, vi } from 'vitest';
import { API_METHODS, type ApiEvent } from '../../../shared/api';
import { buildPreloadApi, type PreloadTransport } from './preload-api';

function transport(reply: unknown = { ok: true, result: { ok: true } }) {
  let deliver: (message: unknown) => void = () => undefined;
  const invoke = vi.fn<PreloadTransport['invoke']>(() => Promise.resolve(reply));
  const read: Array<[string, number]> = [];
  const tasks: Array<() => void> = [];
  const t: PreloadTransport = {
    invoke,
    subscribe: (_channel, handler) => {
      deliver = handler;
    },
    send: (channel, seq) => void read.push([channel, seq]),
    later: (task) => void tasks.push(task),
  };
  /** Runs what the preload put off, as the renderer does once the queued messages are handled. */
  const runLater = (): void => {
    for (const task of tasks.splice(0)) task();
  };
  return { t, invoke, read, runLater, deliver: (message: unknown) => deliver(message) };
}

describe('buildPreloadApi', () => {
  it('has exactly the contract methods, `on` and `onEventsMissed`, all functions', () => {
    const api = buildPreloadApi(transport().t);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(API_METHODS), 'on', 'onEventsMissed'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('exposes nothing of the transport', () => {
    const { t } = transport();
    const api = buildPreloadApi(t) as unknown as Record<string, unknown>;
    for (const key of ['invoke', 'subscribe', 'send', 'sendSync', 'ipcRenderer', 'postMessage']) expect(api[key]).toBeUndefined();
    expect(Object.values(api)).not.toContain(t);
  });

  it('sends each method as { method, input } on cs:call and resolves with the result', async () => {
    const { t, invoke } = transport({ ok: true, result: { running: true, paused: false } });
    const api = buildPreloadApi(t);
    await expect(api.bridgeInfo({})).resolves.toEqual({ running: true, paused: false });
    await api.status();
    expect(invoke.mock.calls).toEqual([
      ['cs:call', { method: 'bridgeInfo', input: {} }],
      ['cs:call', { method: 'status' }],
    ]);
  });

  it('rejects with the plain { code, message, hint } of a failed call', async () => {
    const error = { code: 'auth_required', message: 'Sign in to github', hint: 'Click Re-authorize' };
    const api = buildPreloadApi(transport({ ok: false, error }).t);
    const reason: unknown = await api.connect({ name: 'github' }).catch((e: unknown) => e);
    expect(reason).toEqual(error);
    expect(reason instanceof Error).toBe(false);
    const odd = buildPreloadApi(transport({ weird: true }).t);
    await expect(odd.status()).rejects.toMatchObject({ code: 'internal' });
  });

  it('delivers contract events to their listeners with the payload only, until unsubscribed', () => {
    const { t, deliver } = transport();
    const api = buildPreloadApi(t);
    const seen: unknown[] = [];
    const off = api.on('serverState', (payload) => seen.push(payload));
    deliver({ seq: 1, event: 'serverState', payload: { name: 'a' } });
    deliver({ seq: 2, event: 'agentsChanged', payload: {} });
    deliver({ seq: 3, event: 'notAnEvent', payload: 1 });
    deliver({ event: 'serverState', payload: { name: 'no number' } });
    deliver('garbage');
    off();
    deliver({ seq: 4, event: 'serverState', payload: { name: 'b' } });
    expect(seen).toEqual([{ name: 'a' }]);
  });

  it('refuses unknown events and non-function listeners', () => {
    const api = buildPreloadApi(transport().t);
    expect(() => api.on('nope' as ApiEvent, () => undefined)).toThrow(TypeError);
    expect(() => api.on('__proto__' as ApiEvent, () => undefined)).toThrow(TypeError);
    expect(() => api.on('serverState', 'x' as unknown as () => void)).toThrow(TypeError);
  });

  it('keeps other listeners going when one throws', () => {
    const { t, deliver } = transport();
    const api = buildPreloadApi(t);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    api.on('agentsChanged', () => {
      throw new Error('listener bug');
    });
    api.on('agentsChanged', () => seen.push('second'));
    deliver({ seq: 1, event: 'agentsChanged', payload: {} });
    expect(seen).toEqual(['second']);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('says how far it has read once per burst of messages, after their listeners ran', () => {
    const { t, deliver, read, runLater } = transport();
    const api = buildPreloadApi(t);
    const seen: number[] = [];
    api.on('agentsChanged', () => seen.push(read.length));
    for (let seq = 1; seq <= 3; seq++) deliver({ seq, event: 'agentsChanged', payload: {} });
    expect(seen).toEqual([0, 0, 0]);
    expect(read).toEqual([]);
    runLater();
    expect(read).toEqual([['cs:event-read', 3]]);
    deliver({ seq: 4, event: 'agentsChanged', payload: {} });
    runLater();
    expect(read).toEqual([['cs:event-read', 3], ['cs:event-read', 4]]);
  });

  it('tells onEventsMissed listeners, not event listeners, when events were withheld, and reads that too', () => {
    const { t, deliver, read, runLater } = transport();
    const api = buildPreloadApi(t);
    const told: string[] = [];
    api.on('agentsChanged', () => told.push('event'));
    const off = api.onEventsMissed(() => told.push('missed'));
    deliver({ seq: 7, reload: true });
    runLater();
    expect(told).toEqual(['missed']);
    expect(read).toEqual([['cs:event-read', 7]]);
    off();
    deliver({ seq: 8, reload: true });
    expect(told).toEqual(['missed']);
    expect(() => api.onEventsMissed('x' as unknown as () => void)).toThrow(TypeError);
  });
});
