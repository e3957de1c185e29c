import { afterEach, describe, expect, it } from 'vitest';
import { openEventStream, RECONNECT_FIRST_MS, RECONNECT_MAX_MS, type EventStream } from './event-stream';
import { fakeFetch, fakeStream, type FakeStream } from '../../test/support/renderer/fake-fetch';
import type { SseMessage } from './sse-parser';

/** A wait that returns at once, recording each delay; it stops the loop after `limit` waits. */
function recordingWait(limit = 50) {
  const delays: number[] = [];
  const wait = (ms: number) => {
    delays.push(ms);
    return delays.length > limit ? new Promise<void>(() => undefined) : Promise.resolve();
  };
  return { delays, wait };
}

/** Lets every pending promise and stream read run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('event stream over fetch', () => {
  let stream: EventStream | undefined;
  afterEach(() => stream?.close());

  it('sends the secret as a bearer header, never in the address, and delivers messages', async () => {
    const streams: FakeStream[] = [];
    const net = fakeFetch((request) => {
      const s = fakeStream(request.init.signal);
      streams.push(s);
      return s.response;
    });
    const messages: SseMessage[] = [];
    stream = openEventStream({ url: '/api/events', token: 'the-secret', fetch: net.fetch, onMessage: (m) => messages.push(m), wait: recordingWait().wait });
    const request = await net.request(0);
    expect(request.url).toBe('/api/events');
    expect(request.headers.get('authorization')).toBe('Bearer the-secret');
    expect(request.headers.get('accept')).toBe('text/event-stream');
    expect(request.init.credentials).toBe('omit');
    streams[0]?.send(': connected\n\nevent: inventoryChanged\ndata: {"server":');
    streams[0]?.send('"memory"}\n\n');
    await settle();
    expect(messages).toEqual([{ event: 'inventoryChanged', data: '{"server":"memory"}' }]);
  });

  it('reconnects after the stream drops, backing off to at most 30 s, and starts over once connected', async () => {
    const { delays, wait } = recordingWait();
    const net = fakeFetch((request, index) => {
      if (index < 7) throw new TypeError('connection refused');
      const s = fakeStream(request.init.signal);
      s.send('event: a\ndata: {}\n\n');
      s.end();
      return s.response;
    });
    const messages: SseMessage[] = [];
    stream = openEventStream({ url: '/api/events', token: 't', fetch: net.fetch, onMessage: (m) => messages.push(m), wait });
    await net.request(9);
    expect(delays.slice(0, 9)).toEqual([1000, 2000, 4000, 8000, 16000, RECONNECT_MAX_MS, RECONNECT_MAX_MS, RECONNECT_FIRST_MS, RECONNECT_FIRST_MS]);
    expect(messages.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up when the secret is refused (4xx), as EventSource does, but retries a server error', async () => {
    const refused = recordingWait();
    const net = fakeFetch(() => new Response('{}', { status: 401 }));
    stream = openEventStream({ url: '/api/events', token: 'old-run', fetch: net.fetch, onMessage: () => undefined, wait: refused.wait });
    await settle();
    await settle();
    expect(net.requests).toHaveLength(1);
    expect(refused.delays).toEqual([]);
    stream.close();

    const failing = recordingWait(2);
    const busy = fakeFetch(() => new Response('down', { status: 503 }));
    stream = openEventStream({ url: '/api/events', token: 't', fetch: busy.fetch, onMessage: () => undefined, wait: failing.wait });
    await busy.request(2);
    expect(failing.delays.slice(0, 2)).toEqual([1000, 2000]);
  });

  it('stops reading and reconnecting once closed', async () => {
    const { delays, wait } = recordingWait();
    const streams: FakeStream[] = [];
    const net = fakeFetch((request) => {
      const s = fakeStream(request.init.signal);
      streams.push(s);
      return s.response;
    });
    stream = openEventStream({ url: '/api/events', token: 't', fetch: net.fetch, onMessage: () => undefined, wait });
    const request = await net.request(0);
    stream.close();
    stream.close();
    expect(request.init.signal?.aborted).toBe(true);
    await settle();
    expect(net.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("tells a session ended for want of use apart from a secret the server does not know (serve started again)", async () => {
    const idleBody = { error: { code: 'denied', message: 'This tab was signed out after 30 minutes without use', data: { reason: 'idle' } } };
    for (const [body, expected] of [
      [idleBody, ['idle: This tab was signed out after 30 minutes without use']],
      [{ error: { code: 'denied', message: 'This tab is not signed in' } }, ['rejected']],
      [{ error: { code: 'denied', message: 'x', data: { reason: 'other' } } }, ['rejected']],
      ['not json', ['rejected']],
    ] as const) {
      const told: string[] = [];
      let heard!: () => void;
      const first = new Promise<void>((resolve) => (heard = resolve));
      const tell = (what: string) => {
        told.push(what);
        heard();
      };
      const net = fakeFetch(() => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status: 401 }));
      stream = openEventStream({ url: '/api/events', token: 't', fetch: net.fetch, onMessage: () => undefined, wait: recordingWait().wait, onConnection: tell, onIdle: (message) => tell(`idle: ${message}`) });
      await first;
      await settle();
      expect(told).toEqual(expected);
      expect(net.requests).toHaveLength(1);
      stream.close();
    }
  });
});
