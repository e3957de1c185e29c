import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiInput } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { fakeFetch, fakeStream, type FakeStream } from '../../test/support/renderer/fake-fetch';
import { createHttpClient } from './http-client';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the App API over HTTP', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends every call with the bearer secret and no cookie, and parses the answer', async () => {
    const net = fakeFetch(() => json({ result: [] }));
    const api = createHttpClient({ token: 'per-run', fetch: net.fetch, baseUrl: 'http://127.0.0.1:1' });
    await expect(api.listTools({})).resolves.toEqual([]);
    const [request] = net.requests;
    expect(request?.url).toBe('http://127.0.0.1:1/api/listTools');
    expect(request?.init.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer per-run');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.init.credentials).toBe('omit');
  });

  it('aborts a call its screen no longer waits for (an app closed while its write waited), and does not call the core lost', async () => {
    const states: string[] = [];
    const net = fakeFetch(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true });
        }),
    );
    const api = createHttpClient({ token: 't', fetch: net.fetch, onConnection: (state) => states.push(state) });
    const stop = new AbortController();
    const callAppTool = api.callAppTool as (input: ApiInput<'callAppTool'>, signal?: AbortSignal) => Promise<unknown>;
    const waiting = callAppTool({ appId: 'app', tool: 'save-note' }, stop.signal).catch((error: unknown) => error);
    expect((await net.request(0)).init.signal).toBe(stop.signal);
    stop.abort();
    expect(await waiting).toMatchObject({ code: 'not_found', message: 'The page stopped waiting for callAppTool' });
    expect(states).toEqual([]);
    // A call with no signal is sent as before.
    const plain = fakeFetch(() => json({ result: [] }));
    await createHttpClient({ token: 't', fetch: plain.fetch }).listTools({});
    expect(plain.requests[0]?.init.signal).toBeUndefined();
  });

  it('turns an error answer into a CodedError', async () => {
    const net = fakeFetch(() => json({ error: { code: 'denied', message: 'Open the address `connected-services serve` printed to sign in to this UI' } }, 401));
    const api = createHttpClient({ token: 'old-run', fetch: net.fetch });
    const failure = await api.listTools({}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CodedError);
    expect(failure).toMatchObject({ code: 'denied', message: expect.stringContaining('connected-services serve') as unknown });
  });

  it('streams events with the bearer secret, delivers them typed, and reconnects when the stream drops', async () => {
    const streams: FakeStream[] = [];
    const delays: number[] = [];
    const net = fakeFetch((request) => {
      const s = fakeStream(request.init.signal);
      streams.push(s);
      return s.response;
    });
    const api = createHttpClient({ token: 'per-run', fetch: net.fetch, wait: (ms) => (delays.push(ms), Promise.resolve()) });
    const seen: string[] = [];
    const failing = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.on('inventoryChanged', () => {
      throw new Error('a broken screen');
    });
    const off = api.on('inventoryChanged', ({ server }) => seen.push(server));
    api.on('agentsChanged', () => seen.push('agents'));
    const first = await net.request(0);
    // One stream for every listener.
    expect(net.requests).toHaveLength(1);
    expect(first.url).toBe('/api/events');
    expect(first.headers.get('authorization')).toBe('Bearer per-run');

    streams[0]?.send('event: inventoryChanged\ndata: {"server":"memory"}\n\n');
    streams[0]?.send('event: inventoryChanged\ndata: {"server": 5}\n\nevent: inventoryChanged\ndata: not json\n\nevent: toString\ndata: {}\n\n');
    await settle();
    expect(seen).toEqual(['memory']);
    expect(failing).toHaveBeenCalledTimes(1);

    streams[0]?.fail();
    const second = await net.request(1);
    expect(delays).toEqual([1000]);
    expect(second.headers.get('authorization')).toBe('Bearer per-run');
    await settle();
    streams[1]?.send('event: agentsChanged\ndata: {}\n\n');
    off();
    streams[1]?.send('event: inventoryChanged\ndata: {"server":"after-off"}\n\n');
    await settle();
    expect(seen).toEqual(['memory', 'agents']);
  });

  it('reports whether the core answers: a refused connection is lost, a 401 is an out-of-date secret, an answer is live', async () => {
    const states: string[] = [];
    let mode: 'down' | 'old' | 'up' = 'down';
    const net = fakeFetch(() => {
      if (mode === 'down') throw new TypeError('Failed to fetch');
      return mode === 'old' ? json({ error: { code: 'denied', message: 'Open the address' } }, 401) : json({ result: [] });
    });
    const api = createHttpClient({ token: 't', fetch: net.fetch, onConnection: (state) => states.push(state) });
    await expect(api.listTools({})).rejects.toMatchObject({ code: 'server_unavailable', hint: 'Start it again, then open the address it prints.' });
    mode = 'old';
    await expect(api.listTools({})).rejects.toMatchObject({ code: 'denied' });
    mode = 'up';
    await api.listTools({});
    expect(states).toEqual(['lost', 'rejected', 'live']);
  });

  it('tells of a session ended for want of use, with the server\'s sentence, and of no other refusal', async () => {
    const idle: string[] = [];
    let data: unknown = { reason: 'idle' };
    const net = fakeFetch(() => json({ error: { code: 'denied', message: 'This tab was signed out after 30 minutes without use', data } }, 401));
    const api = createHttpClient({ token: 't', fetch: net.fetch, onIdle: (message) => idle.push(message) });
    await expect(api.listTools({})).rejects.toMatchObject({ code: 'denied' });
    data = undefined;
    await expect(api.listTools({})).rejects.toMatchObject({ code: 'denied' });
    expect(idle).toEqual(['This tab was signed out after 30 minutes without use']);
  });

  it('reports the event stream: live when open, lost while it reconnects, rejected (and stopped) on 401; close ends it', async () => {
    const states: string[] = [];
    const streams: FakeStream[] = [];
    const answers: Array<() => Response> = [
      () => {
        const s = fakeStream();
        streams.push(s);
        return s.response;
      },
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json({ error: { code: 'denied', message: 'Open the address' } }, 401),
    ];
    const net = fakeFetch((_request, index) => (answers[index] ?? (() => json({ result: [] })))());
    const api = createHttpClient({ token: 't', fetch: net.fetch, wait: () => Promise.resolve(), onConnection: (state) => states.push(state) });
    api.on('agentsChanged', () => undefined);
    await net.request(0);
    await settle();
    expect(states).toEqual(['live']);
    streams[0]?.end();
    await net.request(2);
    await settle();
    await settle();
    expect(states).toEqual(['live', 'lost', 'lost', 'rejected']);
    expect(net.requests).toHaveLength(3);

    const next = fakeFetch(() => fakeStream().response);
    const closed = createHttpClient({ token: 't', fetch: next.fetch });
    closed.close();
    closed.on('agentsChanged', () => undefined);
    await settle();
    expect(next.requests).toHaveLength(0);
  });

  it("tells the tab of an idle end found by its event stream alone, not as a restarted app", async () => {
    const told: string[] = [];
    const net = fakeFetch(() => json({ error: { code: 'denied', message: 'This tab was signed out after 30 minutes without use', data: { reason: 'idle' } } }, 401));
    const api = createHttpClient({ token: 't', fetch: net.fetch, onConnection: (state) => told.push(state), onIdle: (message) => told.push(message) });
    api.on('inventoryChanged', () => undefined);
    await vi.waitFor(() => expect(told).toEqual(['This tab was signed out after 30 minutes without use']));
    api.close();
  });
});
