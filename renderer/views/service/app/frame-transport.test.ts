// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
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
});
