import type { ServerResponse } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/server';
import { endJson } from './response-headers';

interface Open {
  res: ServerResponse;
  id: RequestId;
  abort: AbortController;
}

/**
 * The 2026-07-28 requests in flight on createMcpHandler's path (the lane keeps its own), so a stop can
 * answer each before it closes their streams: as the JSON body when nothing was sent yet, else as the
 * last event of the stream the handler opened (MCP 2026-07-28 basic/transports §Streamable HTTP).
 */
export class StoppingExchanges {
  readonly #open = new Set<Open>();

  /** Follows one request until its response closes; requests without an id (notifications) are not answered. */
  track(res: ServerResponse, body: unknown, abort: AbortController): void {
    const id = (body as { id?: unknown } | null)?.id;
    if ((typeof id !== 'string' && typeof id !== 'number') || res.writableEnded) return;
    const open: Open = { res, id, abort };
    this.#open.add(open);
    res.once('close', () => this.#open.delete(open));
  }

  /** The bridge stops: each request is cancelled and answered with `answer(id)`. */
  stop(answer: (id: RequestId) => object): void {
    for (const { res, id, abort } of this.#open) {
      if (res.writableEnded) continue;
      abort.abort();
      const message = JSON.stringify(answer(id));
      if (res.headersSent) res.end(`event: message\ndata: ${message}\n\n`);
      else endJson(res, 200, message);
    }
    this.#open.clear();
  }
}
