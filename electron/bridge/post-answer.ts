import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';
import { DelayList, type Delayed } from '../../shared/collections';
import { endJson, responseHeaders } from './response-headers';
import { sharedResponseBytes } from './shared-result';
import { headersWithFirstEvent, SSE_HEADERS_MAX_DELAY_MS, type HeaderDelayOptions } from './sse-headers';
import { StoppedWaiting } from './stopped-waiting';
import { MAX_UNREAD_STREAM_BYTES, unreadAnswerEnd } from './unread-bound';

/** How often an open SSE stream carries a comment, so idle proxies and clients keep it (as the SDK does). */
export const SSE_KEEP_ALIVE_MS = 15_000;

export interface StreamTimers extends HeaderDelayOptions {
  /** Injected in tests; an unref'd setInterval by default. Returns the stop function. */
  every?: (run: () => void, ms: number) => () => void;
  /** Injected in tests; an unref'd setTimeout by default. Returns the cancel function. */
  after?: (run: () => void, ms: number) => () => void;
  /** Injected in tests; performance.now by default (when a pending answer falls due: lateAnswersOf). */
  now?: () => number;
}

/**
 * POST answers still pending some time after they began, which turn to SSE then: one list on one
 * timer per set of timers, i.e. per session's transport, since nearly every answer leaves in time.
 */
const lateLists = new WeakMap<StreamTimers, DelayList<PostAnswer>>();

function lateAnswersOf(timers: StreamTimers): DelayList<PostAnswer> {
  let late = lateLists.get(timers);
  if (late === undefined) {
    late = new DelayList<PostAnswer>(timers.maxDelayMs ?? SSE_HEADERS_MAX_DELAY_MS, timers);
    lateLists.set(timers, late);
  }
  return late;
}

/** Where a response keeps its answer, so one shared close listener finds it (no closure per POST). */
const ANSWER = Symbol('post answer');
/** Holds a cancelled request's place among the responses: never sent (an answer that cancels streams). */
const CANCELLED: JSONRPCMessage = Object.freeze({ jsonrpc: '2.0', method: 'notifications/cancelled' });
type AnswerResponse = ServerResponse & { [ANSWER]?: PostAnswer };

/** The client's connection closed, answered or not. `this` is the response (node:events). */
function closedAnswer(this: AnswerResponse): void {
  this[ANSWER]?.closed();
}

const unrefInterval = (run: () => void, ms: number): (() => void) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

export function sseEvent(message: JSONRPCMessage): string {
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * Opens `res` as an SSE stream and keeps it alive; returns the stop function. A POST's headers leave
 * with its first event (sse-headers.ts); a GET stream's at once, since its client waits for them.
 */
export function openSse(res: ServerResponse, sessionId: string | undefined, timers: StreamTimers, headersNow = false): () => void {
  if (!headersNow) headersWithFirstEvent(res, timers);
  const headers = responseHeaders('Content-Type', 'text/event-stream', 'X-Accel-Buffering', 'no');
  if (sessionId !== undefined) headers.push('Mcp-Session-Id', sessionId);
  res.writeHead(200, headers);
  res.flushHeaders();
  return (timers.every ?? unrefInterval)(() => {
    if (res.writable) res.write(': keepalive\n\n');
  }, SSE_KEEP_ALIVE_MS);
}

/**
 * The answer to one POST holding requests (MCP 2025-11-25 basic/transports §Streamable HTTP, "Sending
 * Messages to the Server"): plain `application/json` with the response(s) when nothing else is sent
 * for them, or `text/event-stream` from the moment something related must go first (progress, a
 * server request such as elicitation, a notification). The choice is per POST, not per session.
 */
export class PostAnswer implements Delayed<PostAnswer> {
  readonly #res: ServerResponse;
  readonly #sessionId: string | undefined;
  readonly #timers: StreamTimers;
  readonly #late: DelayList<PostAnswer>;
  readonly #onClosed: (answer: PostAnswer) => void;
  /** The request ids of this POST, in order, without repeats. */
  readonly #ids: readonly RequestId[];
  /** Their responses once known, by position in #ids (a POST of one request: one slot, no Map). */
  readonly #responses: Array<JSONRPCMessage | undefined>;
  #waiting: number;
  #mode: 'pending' | 'sse' | 'done' = 'pending';
  #stopKeepAlive: (() => void) | undefined;
  /** Aborts when the connection closes before the answer ended (made only when read: `gone`). */
  #gone: AbortController | undefined;
  #closedEarly = false;
  /** Its place in the late answers' list (lateAnswersOf). */
  due: number | undefined;
  prev: PostAnswer | undefined;
  next: PostAnswer | undefined;

  /** `closed` runs when the client's connection closes, answered or not. */
  constructor(res: ServerResponse, ids: readonly RequestId[], sessionId: string | undefined, timers: StreamTimers, closed: (answer: PostAnswer) => void) {
    this.#res = res;
    this.#sessionId = sessionId;
    this.#timers = timers;
    this.#onClosed = closed;
    this.#ids = ids.length > 1 ? [...new Set(ids)] : ids;
    this.#responses = new Array<JSONRPCMessage | undefined>(this.#ids.length).fill(undefined);
    this.#waiting = this.#ids.length;
    this.#late = lateAnswersOf(timers);
    this.#late.add(this);
    (res as AnswerResponse)[ANSWER] = this;
    res.on('close', closedAnswer);
  }

  /** Still pending when its time to wait ran out (lateAnswersOf): the client hears the answer has begun. */
  elapsed(): void {
    this.#open(true);
  }

  /** The connection closed (closedAnswer). */
  closed(): void {
    this.#res.off('close', closedAnswer);
    if (this.#mode !== 'done') {
      this.#closedEarly = true;
      this.#gone?.abort(new StoppedWaiting());
    }
    this.#finish();
    this.#onClosed(this);
  }

  /** Aborted (reason: StoppedWaiting) once the connection closed before the answer ended: no later answer reaches the agent. */
  get gone(): AbortSignal {
    if (!this.#gone) {
      this.#gone = new AbortController();
      if (this.#closedEarly) this.#gone.abort(new StoppedWaiting());
    }
    return this.#gone.signal;
  }

  get done(): boolean {
    return this.#mode === 'done';
  }

  get ids(): readonly RequestId[] {
    return this.#ids;
  }

  /** Switches to SSE now (a request that carries a progress token will likely hear progress). */
  stream(): void {
    this.#open(false);
  }

  #open(headersNow: boolean): void {
    if (this.#mode !== 'pending') return;
    this.#mode = 'sse';
    this.#late.remove(this);
    this.#stopKeepAlive = openSse(this.#res, this.#sessionId, this.#timers, headersNow);
  }

  /**
   * A notification or server request related to one of this POST's requests. False once the answer is
   * over, or when it ends now: an agent that stopped reading its answer stream leaves no more than
   * MAX_UNREAD_STREAM_BYTES waiting in the bridge (unread-bound.ts), whatever a server sends meanwhile.
   */
  related(message: JSONRPCMessage): boolean {
    if (this.#mode === 'done') return false;
    this.stream();
    const event = sseEvent(message);
    // Only what waits unread counts: one large message to an agent that reads is sent.
    const waiting = this.#res.writableLength;
    if (waiting > 0 && waiting + Buffer.byteLength(event) > MAX_UNREAD_STREAM_BYTES) {
      this.#endUnread();
      return false;
    }
    this.#res.write(event);
    return true;
  }

  /** Ends the stream with an error answering each request still unanswered; nothing later reaches the agent here. */
  #endUnread(): void {
    let last = '';
    this.#ids.forEach((id, at) => {
      if (this.#responses[at] === undefined) last += unreadAnswerEnd(id);
    });
    this.#closedEarly = true;
    this.#gone?.abort(new StoppedWaiting());
    this.#finish();
    this.#res.end(last);
    // The transport lets go of its requests now, not when the agent's connection closes.
    this.#onClosed(this);
  }

  /** The response to one of the requests; the answer ends with the last of them. */
  respond(id: RequestId, message: JSONRPCMessage): void {
    if (this.#mode === 'done') return;
    const at = this.#ids.length === 1 ? (this.#ids[0] === id ? 0 : -1) : this.#ids.indexOf(id);
    if (at < 0 || this.#responses[at] !== undefined) return;
    this.#responses[at] = message;
    this.#waiting--;
    if (this.#mode === 'sse') {
      this.#res.write(sseEvent(message));
      if (this.#waiting === 0) this.#end();
      return;
    }
    if (this.#waiting > 0) return;
    this.#finish();
    const all = this.#responses;
    const [only] = all;
    const body = (all.length === 1 && only !== undefined && sharedResponseBytes(only)) || JSON.stringify(all.length === 1 ? only : all);
    // With its length declared, headers and body leave in one write (writeHead alone would make it chunked).
    const headers = responseHeaders('Content-Type', 'application/json', 'Content-Length', Buffer.byteLength(body));
    if (this.#sessionId !== undefined) headers.push('Mcp-Session-Id', this.#sessionId);
    this.#res.writeHead(200, headers);
    this.#res.end(body);
  }

  /**
   * A request the agent cancelled: no response to it follows (MCP basic/utilities/cancellation), so
   * the answer stops waiting for it, as an SSE stream, which ends once nothing else is awaited.
   */
  cancelled(id: RequestId): void {
    if (this.#mode === 'done') return;
    const at = this.#ids.indexOf(id);
    if (at < 0 || this.#responses[at] !== undefined) return;
    this.stream();
    this.#responses[at] = CANCELLED;
    this.#waiting--;
    if (this.#waiting === 0) this.#end();
  }

  /** The session closed: an SSE answer ends; one that sent nothing yet says the session is gone. */
  abandon(): void {
    if (this.#mode === 'pending' && !this.#res.headersSent) {
      this.#finish();
      endJson(this.#res, 404, JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      return;
    }
    this.#end();
  }

  #end(): void {
    if (this.#mode === 'done') return;
    this.#finish();
    this.#res.end();
  }

  #finish(): void {
    this.#mode = 'done';
    this.#late.remove(this);
    this.#stopKeepAlive?.();
    this.#stopKeepAlive = undefined;
  }
}
