import type { ServerResponse } from 'node:http';
import { API_EVENTS, type ApiEvent, type AppApi } from '../../shared/api';
import type { SetTimer } from '../pool';

const HEARTBEAT_MS = 15_000;

/**
 * Bytes a tab may leave unread before its stream is closed. A tab that stops reading (a frozen or
 * hostile one) would otherwise keep every event in memory; the UI reconnects and loads afresh.
 */
export const EVENT_BACKLOG_BYTES = 2 * 1024 * 1024;

/**
 * How long a backlog may wait to drain. Past the socket's high-water mark (16 KiB; write() says to
 * wait) a live tab empties it within moments: one that reads just fast enough to stay under
 * EVENT_BACKLOG_BYTES, never to drain, would keep up to that much in memory for as long as it likes.
 * Closed, it reconnects and loads afresh as after any dropped stream.
 */
export const EVENT_DRAIN_MS = 30_000;

/** Unref'd: a stream's wait never keeps the process alive. */
const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** The stream's answer head, also the whole answer to a HEAD request (RFC 9110 §9.3.2). */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  connection: 'keep-alive',
  'x-content-type-options': 'nosniff',
} as const;

/** Server-sent events: every App API event, as `event: <name>` with a JSON `data` line. */
export function streamEvents(api: AppApi, response: ServerResponse, setTimer: SetTimer = unrefTimer): () => void {
  response.writeHead(200, EVENT_STREAM_HEADERS);
  response.write(': connected\n\n');
  let closed = false;
  let cancelDrainWait: (() => void) | undefined;
  const drop = (): void => {
    // Ended without its backlog: end() would keep it queued for a reader that never comes.
    close();
    response.destroy();
  };
  const send = (text: string): void => {
    if (closed) return;
    if (response.writableLength > EVENT_BACKLOG_BYTES) return drop();
    if (!response.write(text) && cancelDrainWait === undefined) cancelDrainWait = setTimer(drop, EVENT_DRAIN_MS);
  };
  const drained = (): void => {
    cancelDrainWait?.();
    cancelDrainWait = undefined;
  };
  response.on('drain', drained);
  const offs = (Object.keys(API_EVENTS) as ApiEvent[]).map((event) => api.on(event, (payload) => send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`)));
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  function close(): void {
    if (closed) return;
    closed = true;
    drained();
    clearInterval(heartbeat);
    for (const off of offs) off();
    response.end();
  }
  response.on('close', close);
  return close;
}
