import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Exchange } from './modern-lane-exchange';
import { MAX_UNREAD_STREAM_BYTES } from './unread-bound';

/** A response that records what the exchange writes. */
function recorder(): { res: ServerResponse; heads: Array<[number, unknown[]]>; written: string[] } {
  const heads: Array<[number, unknown[]]> = [];
  const written: string[] = [];
  const res = {
    headersSent: false,
    writableEnded: false,
    writeHead(status: number, fields: unknown[]) {
      heads.push([status, fields]);
      res.headersSent = true;
      return res;
    },
    write(chunk: string) {
      written.push(chunk);
      return true;
    },
    end(chunk?: string) {
      if (chunk !== undefined) written.push(chunk);
      res.writableEnded = true;
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, heads, written };
}

const inEra = (method: string): boolean => method !== 'notifications/initialized';
const progress = { method: 'notifications/progress', params: { progressToken: 'p', progress: 1 } };

afterEach(() => {
  vi.useRealTimers();
});

describe("a lane request's exchange", () => {
  it('answers plain JSON with its length when nothing was streamed', () => {
    const { res, heads, written } = recorder();
    expect(new Exchange(1, 1, res, inEra).answer(400, { jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'm' } })).toBe(400);
    expect(heads).toEqual([[400, ['Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff', 'content-type', 'application/json', 'content-length', written[0]?.length]]]);
    expect(written).toEqual(['{"jsonrpc":"2.0","id":1,"error":{"code":-32021,"message":"m"}}']);
  });

  it('opens an SSE stream at the first notification, frames each as the SDK does, ends with the answer and 200, and sends nothing after', () => {
    const { res, heads, written } = recorder();
    const exchange = new Exchange(1, 1, res, inEra);
    expect(exchange.notify(progress)).toBe(true);
    expect(exchange.notify({ ...progress, params: { ...progress.params, progress: 2 } })).toBe(true);
    expect(exchange.answer(400, { result: {}, jsonrpc: '2.0', id: 1 })).toBe(200);
    expect(exchange.notify(progress)).toBe(true);
    expect(heads).toEqual([[200, ['Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff', 'connection', 'keep-alive', 'content-type', 'text/event-stream', 'x-accel-buffering', 'no']]]);
    expect(written).toEqual([
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":1}}\n\n',
      'event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":2}}\n\n',
      'event: message\ndata: {"result":{},"jsonrpc":"2.0","id":1}\n\n',
    ]);
  });

  it('keeps an open stream alive every 15 s until the answer, and refuses a notification the revision lacks', () => {
    vi.useFakeTimers();
    const { res, written } = recorder();
    const exchange = new Exchange(1, 1, res, inEra);
    expect(exchange.notify({ method: 'notifications/initialized' })).toBe(false);
    expect(written).toEqual([]);
    exchange.notify(progress);
    vi.advanceTimersByTime(30_000);
    expect(written.slice(1)).toEqual([': keepalive\n\n', ': keepalive\n\n']);
    exchange.answer(200, { result: {}, jsonrpc: '2.0', id: 1 });
    vi.advanceTimersByTime(60_000);
    expect(written).toHaveLength(4);
  });

  it('drops what comes once the agent went away, and ends a stream the bridge closes', () => {
    const gone = recorder();
    const cancelled = new Exchange(1, 1, gone.res, inEra);
    cancelled.abort();
    expect(cancelled.notify(progress)).toBe(true);
    expect(gone.written).toEqual([]);
    const open = recorder();
    const closed = new Exchange(2, 2, open.res, inEra);
    closed.notify(progress);
    closed.closeWith(499);
    expect([closed.aborted, open.heads.length, open.res.writableEnded]).toEqual([true, 1, true]);
    const unanswered = recorder();
    new Exchange(3, 3, unanswered.res, inEra).closeWith(499);
    expect(unanswered.heads.map(([status]) => status)).toEqual([499]);
  });

  it('answers a stop with the error for its own request, on its stream or as JSON, cancelling the call, and never after the answer left', () => {
    const stopping = (id: unknown): object => ({ jsonrpc: '2.0', id, error: { code: -32013, message: 'stopping' } });
    const streamed = recorder();
    const running = new Exchange(1, 'call-7', streamed.res, inEra);
    running.notify(progress);
    running.answerWith(stopping);
    expect([running.aborted, streamed.res.writableEnded, streamed.written.at(-1)]).toEqual([true, true, 'event: message\ndata: {"jsonrpc":"2.0","id":"call-7","error":{"code":-32013,"message":"stopping"}}\n\n']);
    const quiet = recorder();
    const waiting = new Exchange(2, 8, quiet.res, inEra);
    waiting.answerWith(stopping);
    expect([waiting.aborted, quiet.heads.map(([status]) => status), quiet.written]).toEqual([true, [200], ['{"jsonrpc":"2.0","id":8,"error":{"code":-32013,"message":"stopping"}}']]);
    const done = recorder();
    const answered = new Exchange(3, 9, done.res, inEra);
    answered.answer(200, { result: {}, jsonrpc: '2.0', id: 9 });
    answered.answerWith(stopping);
    expect([answered.aborted, done.written]).toEqual([false, ['{"result":{},"jsonrpc":"2.0","id":9}']]);
  });

  it('ends a stream on which more than the bound waits unread, cancelling the call and answering why; a reading agent hears all', () => {
    const { res, written } = recorder();
    let unread = 0;
    Object.defineProperty(res, 'writableLength', { get: () => unread });
    const write = res.write.bind(res);
    res.write = ((chunk: string) => {
      unread += chunk.length;
      return write(chunk);
    }) as typeof res.write;
    const exchange = new Exchange(1, 9, res, inEra);
    const big = { ...progress, params: { ...progress.params, message: 'm'.repeat(1000) } };
    for (let i = 0; i < 5_000; i++) exchange.notify(big);
    expect(res.writableEnded).toBe(true);
    expect(exchange.aborted).toBe(true);
    // Before the bound: 5,000 notifications of ~1 KB (5 MB) waited for the agent.
    expect(unread).toBeLessThan(MAX_UNREAD_STREAM_BYTES + 2_000);
    const last = written.at(-1) ?? '';
    expect(last).toContain('"id":9');
    expect(last).toContain('"code":"rate_limited"');
    expect(last).toContain(`more than ${MAX_UNREAD_STREAM_BYTES} bytes of notifications waited unread`);
    // Nothing more is written: the cancelled call's lane answers nothing after it.
    const count = written.length;
    expect(exchange.notify(big)).toBe(true);
    expect(written.length).toBe(count);

    const reading = recorder();
    const kept = new Exchange(2, 10, reading.res, inEra);
    for (let i = 0; i < 1_000; i++) kept.notify(big);
    expect(reading.res.writableEnded).toBe(false);
    expect(kept.aborted).toBe(false);
  });
});
