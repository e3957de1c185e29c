import type { ServerResponse } from 'node:http';
import { API_EVENTS, type ApiEvent, type AppApi } from '../../shared/api';

const HEARTBEAT_MS = 15_000;

/**
 * Bytes a tab may leave unread before its stream is closed. A tab that stops reading (a frozen or
 * hostile one) would otherwise keep every event in memory; the UI reconnects and loads afresh.
 */
export const EVENT_BACKLOG_BYTES = 2 * 1024 * 1024;

/** Server-sent events: every App API event, as `event: <name>` with a JSON `data` line. */
export function streamEvents(api: AppApi, response: ServerResponse): () => void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
  });
  response.write(': connected\n\n');
  let closed = false;
  const send = (text: string): void => {
    if (closed) return;
    if (response.writableLength > EVENT_BACKLOG_BYTES) {
      // Ended without its backlog: end() would keep it queued for a reader that never comes.
      close();
      response.destroy();
      return;
    }
    response.write(text);
  };
  const offs = (Object.keys(API_EVENTS) as ApiEvent[]).map((event) => api.on(event, (payload) => send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`)));
  const heartbeat = setInterval(() => send(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  function close(): void {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const off of offs) off();
    response.end();
  }
  response.on('close', close);
  return close;
}
