import { describe, expect, it } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { fakeFetch, fakeStream } from '../../test/support/renderer/fake-fetch';
import { ServersStore } from '../state';
import { createHttpClient } from './http-client';
import type { InputScope } from './person-input';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A page's `window`: the test presses as a person would (trusted) or as a script would. */
function fakeWindow(): InputScope & { press(name: string, isTrusted?: boolean): void; listening(): number } {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  return {
    addEventListener(name: string, listener: EventListenerOrEventListenerObject | null) {
      if (typeof listener !== 'function') return;
      const set = listeners.get(name) ?? new Set();
      set.add(listener);
      listeners.set(name, set);
    },
    removeEventListener(name: string, listener: EventListenerOrEventListenerObject | null) {
      if (typeof listener === 'function') listeners.get(name)?.delete(listener);
    },
    press(name, isTrusted = true) {
      for (const listener of listeners.get(name) ?? []) listener({ isTrusted } as Event);
    },
    listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  };
}

describe("the web UI's calls as use of its session", () => {
  it('marks only the call that follows a key or pointer press, once; never a scripted press', async () => {
    const page = fakeWindow();
    const net = fakeFetch(() => json({ result: { kept: true } }));
    const api = createHttpClient({ token: 't', fetch: net.fetch, input: page });
    const marked = () => net.requests.map((r) => r.headers.get(PERSON_USE_HEADER));

    // An open app panel's keepApp every minute, with nobody there.
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    page.press('pointerdown');
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    page.press('keydown');
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    page.press('pointerdown', false);
    page.press('keydown', false);
    await api.keepApp({ appId: 'a' }).catch(() => undefined);
    expect(marked()).toEqual([null, null, '1', null, '1', null]);

    api.close();
    expect(page.listening()).toBe(0);
    // Without a page to watch, no call is use.
    const bare = fakeFetch(() => json({ result: { kept: true } }));
    const quiet = createHttpClient({ token: 't', fetch: bare.fetch });
    await quiet.keepApp({ appId: 'a' }).catch(() => undefined);
    expect(bare.requests[0]?.headers.get(PERSON_USE_HEADER)).toBeNull();
  });

  it("leaves unmarked the server list's reload when the core tells of a change", async () => {
    const page = fakeWindow();
    const stream = fakeStream();
    const net = fakeFetch((request) => (request.url.endsWith('/api/events') ? stream.response : json({ error: { code: 'internal', message: 'no' } }, 500)));
    const api = createHttpClient({ token: 't', fetch: net.fetch, input: page });
    const store = new ServersStore(api);
    const off = store.listen();
    await net.request(0);
    stream.send('event: inventoryChanged\ndata: {"server":"memory"}\n\n');
    const reload = await net.request(1);
    expect(reload.url).toBe('/api/status');
    expect(reload.headers.get(PERSON_USE_HEADER)).toBeNull();
    page.press('pointerdown');
    stream.send('event: inventoryChanged\ndata: {"server":"memory"}\n\n');
    // A press before it is use: the person was there, whichever call carries the mark.
    expect((await net.request(2)).headers.get(PERSON_USE_HEADER)).toBe('1');
    for (const stop of off) stop();
    api.close();
  });
});
