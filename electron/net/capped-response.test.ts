import { describe, expect, it } from 'vitest';
import { cappedResponse } from './capped-response';

/** A body that sends one chunk, then nothing more, as a server sending a byte at a time does between bytes. */
function stalledBody(cancelled: unknown[]): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"a'));
      }
      return new Promise(() => undefined);
    },
    cancel(reason) {
      cancelled.push(reason);
    },
  });
}

describe('cappedResponse', () => {
  it('ends a body still arriving when its signal aborts, and cancels the stream under it', async () => {
    const cancelled: unknown[] = [];
    const controller = new AbortController();
    const capped = cappedResponse(new Response(stalledBody(cancelled)), 1024, () => new Error('too large'), undefined, controller.signal);
    const reading = capped.text();
    const reason = new Error('No complete answer within 30 s.');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(cancelled).toEqual([reason]);
  });

  it('errors past max bytes and passes a body within them', async () => {
    await expect(cappedResponse(new Response('x'.repeat(11)), 10, () => new Error('too large')).text()).rejects.toThrow('too large');
    expect(await cappedResponse(new Response('x'.repeat(10)), 10, () => new Error('too large')).text()).toBe('x'.repeat(10));
  });

  it('adds one abort listener for a body of many chunks', async () => {
    const controller = new AbortController();
    let added = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<AbortSignal['addEventListener']>) => {
      added++;
      add(...args);
    }) as AbortSignal['addEventListener'];
    const chunks = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 50; i++) c.enqueue(new Uint8Array([120]));
        c.close();
      },
    });
    expect(await cappedResponse(new Response(chunks), 1024, () => new Error('too large'), undefined, controller.signal).text()).toBe('x'.repeat(50));
    expect(added).toBe(1);
  });
});
