import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERSON_USE_HEADER } from '../../shared/api';
import { fakeFetch, fakeStream } from '../../test/support/renderer/fake-fetch';
import { ServersStore } from '../state';
import { createHttpClient } from './http-client';
import { STILL_HERE_EVERY_MS, STILL_HERE_WAIT_MS, type InputScope } from './person-input';

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

  it('says a press no call took on its own (a long form), marked, at most once a minute; never without a press', async () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const net = fakeFetch(() => json({ result: { stillHere: true, idleMs: 1_800_000 } }));
    const api = createHttpClient({ token: 't', fetch: net.fetch, input: page });
    const stillHere = () => net.requests.filter((r) => r.url === '/api/still-here');
    // Nobody there: the page's own time passing sends nothing, however long.
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    page.press('keydown', false);
    await vi.advanceTimersByTimeAsync(STILL_HERE_EVERY_MS);
    expect(net.requests).toEqual([]);
    // Typing, with no call: one marked still-here after the wait, then none for a minute.
    page.press('keydown');
    await vi.advanceTimersByTimeAsync(STILL_HERE_WAIT_MS);
    expect(stillHere().map((r) => [r.init.method, r.headers.get(PERSON_USE_HEADER), r.headers.get('authorization')])).toEqual([['POST', '1', 'Bearer t']]);
    for (let second = 0; second < 58; second += 1) {
      page.press('keydown');
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(stillHere()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    page.press('keydown');
    await vi.advanceTimersByTimeAsync(STILL_HERE_WAIT_MS);
    expect(stillHere()).toHaveLength(2);
    // A press whose click makes a call of its own is said by that call: no still-here beside it.
    await vi.advanceTimersByTimeAsync(STILL_HERE_EVERY_MS);
    page.press('pointerdown');
    await api.status({}).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(STILL_HERE_WAIT_MS * 5);
    expect(stillHere()).toHaveLength(2);
    expect(net.requests.at(-1)?.headers.get(PERSON_USE_HEADER)).toBe('1');
    api.close();
  });

  it('tells the tab of an idle end from a still-here', async () => {
    vi.useFakeTimers();
    const page = fakeWindow();
    const idle: string[] = [];
    const net = fakeFetch(() => json({ error: { code: 'denied', message: 'This tab was signed out after 30 minutes without use', data: { reason: 'idle' } } }, 401));
    const api = createHttpClient({ token: 't', fetch: net.fetch, input: page, onIdle: (message) => idle.push(message) });
    await vi.advanceTimersByTimeAsync(STILL_HERE_EVERY_MS);
    page.press('keydown');
    await vi.advanceTimersByTimeAsync(STILL_HERE_WAIT_MS);
    await vi.waitFor(() => expect(idle).toEqual(['This tab was signed out after 30 minutes without use']));
    api.close();
  });

  it("counts an app frame's message or the focus moving into it only while a person's press activated the page", async () => {
    const page = fakeWindow();
    const activation = { isActive: false };
    const net = fakeFetch(() => json({ result: { content: [] } }));
    const api = createHttpClient({ token: 't', fetch: net.fetch, input: page, activation });
    const marked = () => net.requests.map((r) => r.headers.get(PERSON_USE_HEADER));
    // An app's own timer: its messages (tool calls, size changes) come with no press behind them.
    page.press('message');
    page.press('blur');
    await api.callAppTool({ appId: 'a', tool: 'x' }).catch(() => undefined);
    // A press inside the frame activates the page (the browser's doing; no script can set it).
    activation.isActive = true;
    page.press('message');
    await api.callAppTool({ appId: 'a', tool: 'x' }).catch(() => undefined);
    page.press('blur');
    await api.callAppTool({ appId: 'a', tool: 'x' }).catch(() => undefined);
    expect(marked()).toEqual([null, '1', '1']);
    api.close();
    expect(page.listening()).toBe(0);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
