import type { ServerResponse } from 'node:http';
import type { RequestId } from '@modelcontextprotocol/server';
import { LazyAbort } from '../pool';
import type { NotificationSink } from './modern-lane-context';
import { responseHeaders } from './response-headers';
import { MAX_UNREAD_STREAM_BYTES, unreadAnswerEnd } from './unread-bound';

/** What the lane answers with (response-headers.ts), before the answer's length. */
const JSON_HEADERS = responseHeaders('content-type', 'application/json');
/**
 * A streamed answer's head as createMcpHandler's path writes it (the SDK's per-request transport's
 * SSE Response through web-exchange.ts, which drops its Cache-Control for ours): the same fields, in
 * the order a Headers object lists them.
 */
const SSE_HEADERS = responseHeaders('connection', 'keep-alive', 'content-type', 'text/event-stream', 'x-accel-buffering', 'no');
/** The SDK's keep-alive comment on an open stream (`DEFAULT_SSE_KEEP_ALIVE_MS`): a quiet long call keeps its connection. */
const KEEP_ALIVE_MS = 15_000;
const KEEP_ALIVE_FRAME = ': keepalive\n\n';

/** One JSON-RPC message as an SSE event, as the SDK's per-request transport frames it. */
function frame(message: object): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/** Writes a keep-alive on the exchange's stream; `this` is the exchange (no closure per stream). */
function keepAlive(this: Exchange): void {
  if (!this.res.writableEnded) this.res.write(KEEP_ALIVE_FRAME);
}

/**
 * One lane request in flight: its cancellation (an AbortSignal made only if read: the call listens on
 * this) and its response. A notification related to the request (progress) turns the answer into an
 * SSE stream, as createMcpHandler's path does (MCP 2026-07-28 basic/transports §Streamable HTTP: the
 * server may answer a POST with a stream of related messages that ends with the response); without
 * one the answer is a single JSON body.
 */
export class Exchange extends LazyAbort implements NotificationSink {
  #timer: NodeJS.Timeout | undefined;
  #streaming = false;
  #answered = false;

  constructor(
    readonly id: number,
    /** The JSON-RPC id of the request it answers. */
    readonly requestId: RequestId,
    readonly res: ServerResponse,
    /** Whether the served revision has a notification method (the SDK refuses to send any other). */
    private readonly inEra: (method: string) => boolean,
  ) {
    super();
  }

  get streaming(): boolean {
    return this.#streaming;
  }

  /**
   * A notification related to the request, on its stream (opened by the first); dropped once the
   * answer left or the agent went away, as the SDK's closed transport drops it. False for a method
   * the revision lacks (NotificationSink, modern-lane-context.ts).
   */
  notify(notification: { method: string; params?: unknown }): boolean {
    if (!this.inEra(notification.method)) return false;
    if (this.#answered || this.aborted || this.res.writableEnded) return true;
    if (!this.#streaming) {
      this.#streaming = true;
      this.res.writeHead(200, SSE_HEADERS);
      this.#timer = setInterval(keepAlive.bind(this), KEEP_ALIVE_MS);
      this.#timer.unref();
    }
    const event = frame({ jsonrpc: '2.0', ...notification });
    // Only what waits unread counts (unread-bound.ts): an agent that stopped reading gets the call
    // cancelled and answered with why, rather than the bridge queueing all a server sends.
    const waiting = this.res.writableLength;
    if (waiting > 0 && waiting + Buffer.byteLength(event) > MAX_UNREAD_STREAM_BYTES) {
      this.abort();
      this.#answered = true;
      this.#stopKeepAlive();
      this.res.end(unreadAnswerEnd(this.requestId));
      return true;
    }
    this.res.write(event);
    return true;
  }

  /** The answer: the stream's last event, or the whole JSON body with `status` and its length declared (head and body in one write). */
  answer(status: number, message: object): number {
    this.#answered = true;
    this.#stopKeepAlive();
    if (this.#streaming) {
      this.res.end(frame(message));
      return 200;
    }
    const body = JSON.stringify(message);
    this.res.writeHead(status, [...JSON_HEADERS, 'content-length', Buffer.byteLength(body)]);
    this.res.end(body);
    return status;
  }

  /** The agent was removed or its token rotated: the call is cancelled and its answer ends as createMcpHandler's closed exchange does. */
  closeWith(status: number): void {
    this.abort();
    this.#answered = true;
    this.#stopKeepAlive();
    if (this.res.writableEnded) return;
    if (!this.res.headersSent) this.res.writeHead(status, responseHeaders());
    this.res.end();
  }

  /** The bridge stops: the call is cancelled and the agent told why, on its stream or as a JSON body (never after the answer left). */
  answerWith(message: (id: RequestId) => object): void {
    if (this.#answered || this.res.writableEnded) return;
    this.abort();
    this.answer(200, message(this.requestId));
  }

  /** Ends the keep-alive (the agent went away, or the answer left). */
  settle(): void {
    this.#stopKeepAlive();
  }

  #stopKeepAlive(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
