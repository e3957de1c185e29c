/** Statuses whose Response must have no body (Fetch standard "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The same response with a body that errors with `tooLarge()` once more than `max` bytes came, and
 * cancels the stream under it then: a reader that reads "the whole body" (a library's `json()`) holds
 * at most `max` bytes whatever the server sends. `done` runs once, when the body ended, failed or was
 * cancelled.
 */
export function cappedResponse(response: Response, max: number, tooLarge: () => Error, done: () => void = () => undefined): Response {
  const source = response.body;
  if (source === null || NULL_BODY.has(response.status)) {
    void source?.cancel().catch(() => undefined);
    done();
    return NULL_BODY.has(response.status) ? new Response(null, init(response)) : response;
  }
  const reader = source.getReader();
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
        const { done: end, value } = await reader.read();
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

function init(response: Response): ResponseInit {
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}
