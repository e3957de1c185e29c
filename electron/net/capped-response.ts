/** Statuses whose Response must have no body (Fetch standard "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The same response with a body that errors with `tooLarge()` once more than `max` bytes came, and
 * cancels the stream under it then: a reader that reads "the whole body" (a library's `json()`) holds
 * at most `max` bytes whatever the server sends. `done` runs once, when the body ended, failed or was
 * cancelled. `signal` ends a body still arriving: Node 20's fetch holds its own abort link weakly, so
 * after a garbage collection an abort may no longer reach a body a server sends a byte at a time.
 */
export function cappedResponse(response: Response, max: number, tooLarge: () => Error, done: () => void = () => undefined, signal?: AbortSignal): Response {
  const source = response.body;
  if (source === null || NULL_BODY.has(response.status)) {
    void source?.cancel().catch(() => undefined);
    done();
    return NULL_BODY.has(response.status) ? new Response(null, init(response)) : response;
  }
  const reader = source.getReader();
  // One listener for the whole body, not one per read.
  const stopped = signal ? aborted(signal) : undefined;
  let length = 0;
  let finished = false;
  const finish = (): void => {
    if (finished) return;
    finished = true;
    done();
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await (stopped ? Promise.race([reader.read(), stopped]) : reader.read());
        if (end) {
          finish();
          controller.close();
          return;
        }
        length += value.byteLength;
        if (length > max) {
          await reader.cancel().catch(() => undefined);
          finish();
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        // An abort leaves the server's stream open: cancel it, so its connection closes.
        await reader.cancel(error).catch(() => undefined);
        finish();
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return new Response(body, init(response));
}

/** Rejects with the signal's reason once it aborts (at once when it already has). */
function aborted(signal: AbortSignal): Promise<never> {
  const reason = (): Error => (signal.reason instanceof Error ? signal.reason : new Error('The read was aborted.'));
  if (signal.aborted) return Promise.reject(reason());
  const promise = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(reason()), { once: true }));
  // The race may lose to a read; a rejection nobody awaits must not be reported as unhandled.
  promise.catch(() => undefined);
  return promise;
}

function init(response: Response): ResponseInit {
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}
