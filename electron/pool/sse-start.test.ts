import { describe, expect, it } from 'vitest';
import { beginsAsSse, sseStartStream } from './sse-start';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function through(chunks: string[]): Promise<string> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
      controller.close();
    },
  });
  return new Response(source.pipeThrough(sseStartStream(() => bytes('INSTEAD')))).text();
}

describe('beginsAsSse', () => {
  it.each(['data: {}', 'event: message', 'id: 1', 'retry: 10', ': comment', '\n', '\r\n', 'data\n', '\ufeffdata: x'])('takes %j for an event stream', (text) => {
    expect(beginsAsSse(bytes(text))).toBe(true);
  });

  it.each(['{"jsonrpc":"2.0"}', '[', 'HTTP', 'datum: 1', 'ide', ' data: x', '\ufeff{'])('tells %j is none', (text) => {
    expect(beginsAsSse(bytes(text))).toBe(false);
  });

  it.each(['', 'd', 'dat', 'data', 're', '\ufeff'])('waits for more after %j', (text) => {
    expect(beginsAsSse(bytes(text))).toBeUndefined();
  });

  it('waits after part of a byte order mark', () => {
    expect(beginsAsSse(Uint8Array.of(0xef, 0xbb))).toBeUndefined();
    expect(beginsAsSse(Uint8Array.of(0xef, 0x41))).toBe(false);
  });
});

describe('sseStartStream', () => {
  it('passes an event stream as it came, its first line split across chunks', async () => {
    expect(await through(['da', 'ta: {"a":1}\n', '\n'])).toBe('data: {"a":1}\n\n');
  });

  it('puts the stand-in in place of a body that is no event stream, and reads no further', async () => {
    expect(await through(['{"jsonrpc":"2.0",', '"id":1}'])).toBe('INSTEAD');
  });

  it('passes a body too short to tell as it is', async () => {
    expect(await through(['da'])).toBe('da');
  });
});
