import { describe, expect, it } from 'vitest';
import { readBoundedBody } from './bounded-body';

/** A body of `chunks`, recording whether the reader cancelled it. */
function streamed(chunks: string[]): { response: Response; cancelled: () => boolean; pulled: () => number } {
  let cancelled = false;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[pulled];
      pulled += 1;
      if (next === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(next));
    },
    cancel() {
      cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { response: new Response(body), cancelled: () => cancelled, pulled: () => pulled };
}

describe('readBoundedBody', () => {
  it('reads a body within the bound whole', async () => {
    const { response, cancelled } = streamed(['ab', 'cd']);
    const body = await readBoundedBody(response, 4);
    expect(body.over).toBe(false);
    expect(body.bytes.toString()).toBe('abcd');
    expect(cancelled()).toBe(false);
  });

  it('stops past the bound, keeps only the bound, and cancels the rest unread', async () => {
    const { response, cancelled, pulled } = streamed(['abc', 'def', 'ghi', 'jkl']);
    const body = await readBoundedBody(response, 4);
    expect(body.over).toBe(true);
    expect(body.bytes.toString()).toBe('abcd');
    expect(cancelled()).toBe(true);
    expect(pulled()).toBe(2);
  });

  it('answers an empty body for a response without one', async () => {
    const body = await readBoundedBody(new Response(null), 10);
    expect(body).toEqual({ bytes: Buffer.alloc(0), over: false });
  });

  it('ends a body still arriving when its signal aborts, cancelling the stream with the reason', async () => {
    // A server sending a byte and then nothing: the limit fires while the second read waits.
    const limit = new AbortController();
    let cancelledWith: unknown;
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        if (pulls === 1) controller.enqueue(new TextEncoder().encode('{'));
        else {
          limit.abort(new Error('no complete page in time'));
          return new Promise<void>(() => undefined);
        }
        return undefined;
      },
      cancel(reason) {
        cancelledWith = reason;
      },
    }, { highWaterMark: 0 });
    await expect(readBoundedBody(new Response(body), 100, limit.signal)).rejects.toThrow('no complete page in time');
    expect(cancelledWith).toBe(limit.signal.reason);
  });

  it('reads nothing under a signal already aborted', async () => {
    const { response, pulled } = streamed(['ab']);
    await expect(readBoundedBody(response, 10, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
    expect(pulled()).toBe(0);
  });
});
