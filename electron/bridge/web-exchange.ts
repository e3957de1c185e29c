import type { IncomingMessage, ServerResponse } from 'node:http';
import { responseHeaders } from './response-headers';

/**
 * The request headers the SDK v2 handler reads (createMcpHandler: Content-Type for its 415, the
 * standard headers it checks against the body, MCP 2026-07-28 basic/transports §Standard Request
 * Headers). Only these are copied: the rest has no reader past the endpoint, and the agent's token
 * (checked already) stays out of the SDK's request and its handlers' context (docs/bridge.md §Speed of the two eras).
 */
const HANDLER_HEADERS = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'mcp-name'] as const;

/**
 * node:http ↔ web-standard Request/Response for the SDK v2 handler (createMcpHandler's `fetch`). Ours,
 * not `@modelcontextprotocol/node`'s, because the endpoint has read and parsed the body already
 * (bounded, http-body.ts): the Request carries the headers only and the body goes as `parsedBody`.
 */
export function webRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers: Array<[string, string]> = [];
  for (const name of HANDLER_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers.push([name, Array.isArray(value) ? value.join(', ') : value]);
  }
  return new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method ?? 'POST', headers, signal });
}

/** An abort for the exchange when the agent goes away before its answer ended (a closed SSE stream ends a listen). */
export function abortOnClose(res: ServerResponse): AbortController {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller;
}

/**
 * A stream the agent may leave unread (a listen, a call's progress): past `bytes` waiting in the bridge
 * (a listen's: on top of what of its acknowledgement is still unread) it ends with `lastFrame`.
 */
export interface UnreadBound {
  bytes: number;
  lastFrame: () => string;
  /** A listen's: its first frame, while unread, is on top of `bytes` (see sendWebResponse). */
  exemptFirst?: boolean;
}

/**
 * Writes the handler's Response: its status and headers after ours, then its body as it streams (SSE).
 * A stream is read as the handler writes it (the handler queues without end for a stream not read),
 * and ended once what waits for the agent passes the bound.
 */
export async function sendWebResponse(response: Response, res: ServerResponse, bound: UnreadBound): Promise<void> {
  const fields: string[] = [];
  response.headers.forEach((value, name) => {
    // Ours come first and win: no caching of an agent's answers whatever a handler says.
    if (name !== 'cache-control') fields.push(name, value);
  });
  // A JSON answer is whole already (Response.json): its length declared, head and body leave in one
  // write, as the lane's and a session's do (without it node sends it chunked).
  if (response.body !== null && !(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const body = Buffer.from(await response.arrayBuffer());
    // A stop answered the request meanwhile (stopping-exchanges.ts).
    if (res.writableEnded) return;
    if (!response.headers.has('content-length')) fields.push('content-length', String(body.byteLength));
    res.writeHead(response.status, responseHeaders(...fields));
    res.end(body);
    return;
  }
  res.writeHead(response.status, responseHeaders(...fields));
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stop = (): void => void reader.cancel().catch(() => undefined);
  // A listen's first frame (its acknowledgement, the echo of the agent's own bounded request: 256 URIs
  // of up to 2 KiB each) is no notification left unread: counted, an update sent while the agent
  // still read it ended a stream it was reading. Only its part still unread is on top of the bound,
  // and only a listen's: a call's first frame is the server's, up to 8 MiB.
  let first = 0;
  let written = 0;
  const firstUnread = (): number => Math.max(0, first - Math.max(0, written - res.writableLength));
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.writableEnded) {
        stop();
        break;
      }
      // Only what waits unread counts: one large frame to an agent that reads is sent.
      if (res.writableLength > 0 && res.writableLength + value.byteLength > bound.bytes + firstUnread()) {
        stop();
        res.end(bound.lastFrame());
        break;
      }
      res.write(value);
      if (bound.exemptFirst === true && written === 0) first = value.byteLength;
      written += value.byteLength;
      if (res.destroyed) break;
    }
  } finally {
    res.off('close', stop);
    if (!res.destroyed && !res.writableEnded) res.end();
  }
}
