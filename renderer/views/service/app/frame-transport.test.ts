// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FrameTransport } from './frame-transport';

/** A frame whose window is the source of the messages dispatched below. */
function frame(): HTMLIFrameElement {
  const element = document.createElement('iframe');
  document.body.append(element);
  return element;
}

function post(from: Window | null, data: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data, source: from }));
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });

describe('FrameTransport', () => {
  afterEach(() => document.body.replaceChildren());

  it('reads only its frame’s JSON-RPC messages, within the size bound', async () => {
    const element = frame();
    const other = frame();
    const seen: unknown[] = [];
    const errors: Error[] = [];
    const transport = new FrameTransport({ frame: element, maxChars: 200, onFlood: () => undefined, now: () => 0 });
    transport.onmessage = (m) => seen.push(m);
    transport.onerror = (e) => errors.push(e);
    await transport.start();
    post(element.contentWindow, ping(1));
    post(other.contentWindow, ping(2));
    post(element.contentWindow, { ...ping(3), params: { pad: 'x'.repeat(300) } });
    post(element.contentWindow, { not: 'json-rpc' });
    expect(seen).toEqual([ping(1)]);
    expect(transport.dropped).toBe(1);
    expect(errors).toHaveLength(1);
    await transport.close();
    post(element.contentWindow, ping(4));
    expect(seen).toHaveLength(1);
  });

  it('bounds the rate, refills with time, and reports a flood once', async () => {
    const element = frame();
    let now = 0;
    let floods = 0;
    const seen: unknown[] = [];
    const transport = new FrameTransport({ frame: element, burst: 5, perSecond: 10, floodAfter: 20, onFlood: () => (floods += 1), now: () => now });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    for (let i = 0; i < 10; i += 1) post(element.contentWindow, ping(i));
    expect(seen).toHaveLength(5);
    now += 200; // two more tokens
    for (let i = 0; i < 5; i += 1) post(element.contentWindow, ping(100 + i));
    expect(seen).toHaveLength(7);
    expect(floods).toBe(0);
    for (let i = 0; i < 50; i += 1) post(element.contentWindow, ping(200 + i));
    expect(floods).toBe(1);
    await transport.close();
  });

  it('refuses a message nested thousands deep, or one the browser could not copy (null), before reading it: a note, and an answer to its id', async () => {
    const element = frame();
    const seen: unknown[] = [];
    const notes: string[] = [];
    const answers: unknown[] = [];
    element.contentWindow?.addEventListener('message', (event) => answers.push(event.data));
    const transport = new FrameTransport({ frame: element, onFlood: () => undefined, onRefused: (note) => notes.push(note), now: () => 0 });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    let deep: Record<string, unknown> = {};
    // Past what JSON.stringify and zod walk on a page's stack.
    for (let i = 0; i < 200_000; i += 1) deep = { a: deep };
    post(element.contentWindow, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'x', arguments: deep } });
    post(element.contentWindow, null);
    let shallow: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 60; i += 1) shallow = { a: shallow };
    post(element.contentWindow, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'x', arguments: shallow } });
    expect(seen).toEqual([expect.objectContaining({ id: 8 })]);
    expect(notes).toEqual([expect.stringMatching(/nested deeper than 68 levels/), expect.stringMatching(/could not read/)]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 7, error: { code: -32600, message: notes[0] } }]);
    expect(transport.dropped).toBe(2);
    await transport.close();
  });

  it('fails the host’s request at once when the app’s answer to it is refused, and does not answer the answer', async () => {
    const element = frame();
    const seen: unknown[] = [];
    const notes: string[] = [];
    const toApp: unknown[] = [];
    element.contentWindow?.addEventListener('message', (event) => toApp.push(event.data));
    const transport = new FrameTransport({ frame: element, maxChars: 200, onFlood: () => undefined, onRefused: (note) => notes.push(note), now: () => 0 });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    post(element.contentWindow, { jsonrpc: '2.0', id: 3, result: { pad: 'x'.repeat(300) } });
    expect(notes).toHaveLength(1);
    expect(seen).toEqual([{ jsonrpc: '2.0', id: 3, error: { code: -32600, message: notes[0] } }]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toApp).toEqual([]);
    expect(transport.dropped).toBe(1);
    await transport.close();
  });

  it('refuses a message of huge strings before making any JSON of it, and closes an app that keeps sending them', async () => {
    const element = frame();
    let floods = 0;
    const notes: string[] = [];
    const seen: unknown[] = [];
    const transport = new FrameTransport({ frame: element, onFlood: () => (floods += 1), onRefused: (note) => notes.push(note), now: () => 0 });
    transport.onmessage = (m) => seen.push(m);
    await transport.start();
    const huge = 'a'.repeat(16 * 1024 * 1024);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      post(element.contentWindow, ping(1));
      for (let i = 0; i < 2; i += 1) post(element.contentWindow, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { s: huge } });
      post(element.contentWindow, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { ['k'.repeat(300 * 1024)]: 1 } });
      // ping(1) alone was made into JSON.
      expect(stringify.mock.calls.map((call): unknown => call[0])).toEqual([ping(1)]);
    } finally {
      stringify.mockRestore();
    }
    expect(seen).toEqual([ping(1)]);
    expect(notes).toEqual(Array.from({ length: 3 }, (): unknown => expect.stringMatching(/larger than a message may be/)));
    expect(floods).toBe(1);
    post(element.contentWindow, { jsonrpc: '2.0', method: 'x', params: { s: huge } });
    expect(floods).toBe(1);
    await transport.close();
  });

  it('reads no message once the app is flooding: not even its data, the browser’s costly copy', async () => {
    const element = frame();
    const transport = new FrameTransport({ frame: element, maxChars: 100, refusedAfter: 2, onFlood: () => undefined, now: () => 0 });
    await transport.start();
    let reads = 0;
    const counted = (data: unknown): void => {
      const event = new MessageEvent('message', { source: element.contentWindow });
      Object.defineProperty(event, 'data', { get: () => ((reads += 1), data) });
      window.dispatchEvent(event);
    };
    const large = { jsonrpc: '2.0', method: 'x', params: { s: 'a'.repeat(200) } };
    counted(large);
    counted(large);
    expect(reads).toBe(2);
    for (let i = 0; i < 5; i += 1) counted(large);
    counted(ping(1));
    expect(reads).toBe(2);
    await transport.close();
  });

  it('does not close an app for a message it could not read, nor for ones within the bound', async () => {
    const element = frame();
    let floods = 0;
    const transport = new FrameTransport({ frame: element, onFlood: () => (floods += 1), now: () => 0 });
    await transport.start();
    for (let i = 0; i < 5; i += 1) post(element.contentWindow, null);
    for (let i = 0; i < 5; i += 1) post(element.contentWindow, { jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { s: 'a'.repeat(200 * 1024) } });
    expect(floods).toBe(0);
    await transport.close();
  });
});
