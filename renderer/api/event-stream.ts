import type { OnConnection } from './connection';
import { idleRefusal } from './idle-refusal';
import { createSseParser, type SseMessage } from './sse-parser';

export const RECONNECT_FIRST_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export interface EventStreamOptions {
  url: string;
  /** Sent as `Authorization: Bearer`; EventSource cannot send headers, hence fetch. */
  token: string;
  fetch: typeof fetch;
  /** Called for every message; must not throw. */
  onMessage: (message: SseMessage) => void;
  /** Waits before a reconnection and returns early once the signal aborts; tests pass their own. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Told when the stream opens (`live`), drops or cannot connect (`lost`), or its secret is refused (`rejected`). */
  onConnection?: OnConnection;
  /** Told, with the server's sentence, when the secret is refused because the session ended for want of use (not `rejected`). */
  onIdle?: (message: string) => void;
}

export interface EventStream {
  close(): void;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * Reads a server-sent event stream with fetch and reconnects like EventSource when it drops,
 * waiting 1 s, then twice as long each failed attempt, at most 30 s; an open connection resets the
 * wait. A 4xx answer (a refused secret) ends it for good, as EventSource does for any HTTP error.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch;
  const wait = options.wait ?? sleep;
  const controller = new AbortController();
  const { signal } = controller;
  let delay = RECONNECT_FIRST_MS;

  /** Reads one connection to its end; false when the server refused it. */
  async function readOnce(): Promise<boolean> {
    const response = await doFetch(options.url, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${options.token}` },
      cache: 'no-store',
      credentials: 'omit',
      signal,
    });
    if (response.status >= 400 && response.status < 500) {
      // A tab that only listens learns here that its session ended unused: said so, not "started again".
      const idle = response.status === 401 && options.onIdle ? idleRefusal(401, await response.json().catch(() => undefined)) : undefined;
      if (idle !== undefined) options.onIdle?.(idle);
      else options.onConnection?.(response.status === 401 ? 'rejected' : 'lost');
      return false;
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.startsWith('text/event-stream')) return true;
    delay = RECONNECT_FIRST_MS;
    options.onConnection?.('live');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      for (const message of parser.push(decoder.decode(value, { stream: true }))) options.onMessage(message);
    }
  }

  async function run(): Promise<void> {
    while (!signal.aborted) {
      try {
        if (!(await readOnce())) return;
      } catch {
        // A dropped connection or a server that is restarting: try again after the wait.
      }
      if (signal.aborted) return;
      options.onConnection?.('lost');
      await wait(delay, signal);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
  }
  void run().catch(() => undefined);

  return { close: () => controller.abort() };
}
