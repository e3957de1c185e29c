/** A response body read up to a bound. */
export interface BoundedBody {
  /** At most `max` bytes. */
  bytes: Buffer;
  /** The body went past `max`: the rest was not read and the stream was cancelled. */
  over: boolean;
}

/**
 * Reads at most `max` bytes of a body an outside party controls, and cancels the stream past it, so
 * a server cannot make us hold more than the bound whatever it sends. `signal` (the request's time
 * limit) also ends the read here: Node 20's fetch holds its request's own controller weakly, so once
 * that is garbage-collected an abort no longer reaches a body still arriving, and a server sending
 * one byte at a time would hold the read for as long as it likes.
 */
export async function readBoundedBody(response: Response, max: number, signal?: AbortSignal): Promise<BoundedBody> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), over: false };
  const stopped = signal ? stopOn(signal, reader) : undefined;
  try {
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const read = reader.read();
      const { done, value } = await (stopped ? Promise.race([read, stopped.promise]) : read);
      // A cancelled stream ends its pending read as done: an abort is not a complete body.
      if (signal?.aborted) throw reasonOf(signal);
      if (done) return { bytes: Buffer.concat(chunks), over: false };
      length += value.byteLength;
      if (length > max) {
        chunks.push(value);
        await reader.cancel().catch(() => undefined);
        return { bytes: Buffer.concat(chunks).subarray(0, max), over: true };
      }
      chunks.push(value);
    }
  } finally {
    stopped?.release();
  }
}

/** Rejects with the signal's reason once it aborts, cancelling the stream (its connection closes). */
function stopOn(signal: AbortSignal, reader: ReadableStreamDefaultReader<Uint8Array>): { promise: Promise<never>; release: () => void } {
  let onAbort = (): void => undefined;
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => {
      reject(reasonOf(signal));
      reader.cancel(signal.reason).catch(() => undefined);
    };
  });
  // The race may lose to a read; a rejection nobody awaits must not be reported as unhandled.
  promise.catch(() => undefined);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return { promise, release: () => signal.removeEventListener('abort', onAbort) };
}

function reasonOf(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The read was aborted.');
}
