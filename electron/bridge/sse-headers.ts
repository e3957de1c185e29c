import type { ServerResponse } from 'node:http';

/** How long an SSE answer's headers may wait for its first event (a long call, an approval). */
export const SSE_HEADERS_MAX_DELAY_MS = 1000;

export interface HeaderDelayOptions {
  maxDelayMs?: number;
  /** Injected in tests; an unref'd setTimeout by default. */
  setTimer?: (run: () => void, ms: number) => void;
}

const unrefTimer = (run: () => void, ms: number): void => {
  setTimeout(run, ms).unref();
};

/**
 * The SDK's transport (through @hono/node-server) flushes an SSE answer's headers on their own as
 * the stream opens, one socket write before the event that carries the result: a quick call cost two
 * writes (and two wake-ups of the agent) instead of one. Here the headers wait for the first event
 * and leave with it (Node sends pending headers with the first chunk), or alone after `maxDelayMs`
 * when no event came by then, so the client of a long call still hears early that it was accepted.
 */
export function headersWithFirstEvent(res: ServerResponse, options: HeaderDelayOptions = {}): void {
  const flush = res.flushHeaders.bind(res);
  const setTimer = options.setTimer ?? unrefTimer;
  let armed = false;
  res.flushHeaders = () => {
    if (armed) return;
    armed = true;
    // Headers that left with an event make this an empty write: harmless, and only for long calls.
    setTimer(() => {
      if (!res.writableEnded && res.writable) flush();
    }, options.maxDelayMs ?? SSE_HEADERS_MAX_DELAY_MS);
  };
}
