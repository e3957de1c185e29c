import type { ServerResponse } from 'node:http';
import { API_EVENTS, type ApiEvent, type AppApi } from '../../shared/api';

const HEARTBEAT_MS = 15_000;

/** Server-sent events: every App API event, as `event: <name>` with a JSON `data` line. */
export function streamEvents(api: AppApi, response: ServerResponse): () => void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
  });
  response.write(': connected\n\n');
  const offs = (Object.keys(API_EVENTS) as ApiEvent[]).map((event) =>
    api.on(event, (payload) => {
      response.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    }),
  );
  const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const off of offs) off();
    response.end();
  };
  response.on('close', close);
  return close;
}
