import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { IdTable } from '../../shared/collections';
import { withoutAgentReason } from './agent-cancel';
import { parseRpcMessage, type RpcSchemas } from '../pool';
import type { SdkTypes } from './server-sdk';
import { openSse, PostAnswer, sseEvent, type StreamTimers } from './post-answer';
import { endJson, responseHeaders } from './response-headers';
import { rpcKind, type Deliver, type RpcKind } from '../mcp-wire';
import type { Lane } from './tool-call-lane';
import { reusedIdAnswer } from './reused-request-id';
import { StoppedWaiting, type AnswerStreams } from './stopped-waiting';
import { MAX_UNREAD_STREAM_BYTES, unreadGetStreamEnd } from './unread-bound';
import { rpcProblem } from './rpc-problem';

/**
 * What a message's handler learns of its HTTP request: nothing (the SDK's would be a web Request
 * made per POST; the endpoint has read what matters, the token, before). No classification: a
 * session serves one era, the one its initialize settled.
 */
const NO_EXTRA: MessageExtraInfo = Object.freeze({});

/** At most this many messages in one JSON-RPC batch (as the SDK's transport). */
export const MAX_BATCH = 100;

export interface HttpTransportOptions {
  /** The SDK's JSON-RPC message schemas, the protocol versions of sessions, initialize's check. */
  types: RpcSchemas<JSONRPCMessage> & Pick<SdkTypes, 'SUPPORTED_PROTOCOL_VERSIONS' | 'isInitializeRequest'>;
  /** The id given to the session when its initialize arrives. */
  newSessionId: () => string;
  onsessioninitialized?: (sessionId: string) => void;
  timers?: StreamTimers;
}

interface Refusal {
  status: number;
  code: number;
  message: string;
  /** More header fields (name, value, …). */
  fields?: string[];
}

function refuse(res: ServerResponse, { status, code, message, fields = [] }: Refusal): void {
  endJson(res, status, JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), ...fields);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const isRequest = (m: JSONRPCMessage): m is JSONRPCMessage & { id: RequestId; method: string } => 'method' in m && 'id' in m;
const isResponse = (m: JSONRPCMessage): m is JSONRPCMessage & { id?: RequestId } => 'result' in m || 'error' in m;

function wantsProgress(m: JSONRPCMessage): boolean {
  const params = (m as { params?: { _meta?: { progressToken?: unknown } } }).params;
  return params?._meta?.progressToken !== undefined;
}

/**
 * The bridge's server side of MCP Streamable HTTP (MCP 2025-11-25 basic/transports §Streamable HTTP)
 * for one session, behind the SDK's `Server`, on node:http's request and response directly. The SDK's
 * own transport wraps every request in a web Request/Response through an adapter and answers a whole
 * session either in JSON or in SSE; this one chooses per POST (see PostAnswer), which is most of the
 * difference in the bench. The endpoint has already checked Host, Origin, token, session, size and
 * JSON-RPC shape; this checks what the SDK's transport checks after that.
 */
export class HttpServerTransport implements Transport, AnswerStreams {
  sessionId: string | undefined;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;

  readonly #options: HttpTransportOptions;
  readonly #timers: StreamTimers;
  /** Which POST answers each request in flight. */
  readonly #answers = new IdTable<PostAnswer>();
  #standalone: { res: ServerResponse; stop: () => void } | undefined;
  #started = false;
  #closed = false;
  /** The SDK's handler per kind (sdk-dispatch.ts), once the server is connected; else onmessage. */
  #deliver: Deliver | undefined;
  /** tools/call past the SDK's Protocol (tool-call-lane.ts), when this SDK has what it needs. */
  #lane: Lane | undefined;
  /** An answer's connection closed: its requests are no longer answered there (one function for every POST). */
  readonly #released = (answer: PostAnswer): void => {
    for (const id of answer.ids) if (this.#answers.get(id) === answer) this.#answers.delete(id);
  };

  constructor(options: HttpTransportOptions) {
    this.#options = options;
    this.#timers = options.timers ?? {};
  }

  start(): Promise<void> {
    if (this.#started) return Promise.reject(new Error('Transport already started'));
    this.#started = true;
    return Promise.resolve();
  }

  /**
   * After `server.connect(this)`: hand messages to the server's handler for their kind
   * (sdk-dispatch.ts), and a POST of one tools/call to the lane (tool-call-lane.ts).
   */
  deliverWith(deliver: Deliver | undefined, lane?: Lane): void {
    this.#deliver = deliver;
    this.#lane = lane;
  }

  #dispatch(message: JSONRPCMessage, kind: RpcKind, extra: MessageExtraInfo): void {
    if (this.#deliver) this.#deliver(message, kind, extra);
    else this.onmessage?.(message, extra);
  }

  /** One HTTP request of this session; `body` is the parsed POST body. */
  handle(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    if (this.#closed) return refuse(res, { status: 404, code: -32001, message: 'Session not found' });
    if (req.method === 'POST') return this.#post(req, res, body);
    if (req.method === 'GET') return this.#get(req, res);
    if (req.method === 'DELETE') return this.#delete(req, res);
    return refuse(res, { status: 405, code: -32000, message: 'Method not allowed.', fields: ['Allow', 'GET, POST, DELETE'] });
  }

  #post(req: IncomingMessage, res: ServerResponse, body: unknown): void {
    const accept = header(req, 'accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return refuse(res, { status: 406, code: -32000, message: 'Not Acceptable: Client must accept both application/json and text/event-stream' });
    }
    const type = (header(req, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') {
      return refuse(res, { status: 415, code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' });
    }
    const raw = Array.isArray(body) ? (body as unknown[]) : [body];
    if (raw.length > MAX_BATCH) return refuse(res, { status: 400, code: -32600, message: `Invalid Request: Batch must not exceed ${MAX_BATCH} messages` });
    const messages: JSONRPCMessage[] = [];
    const kinds: RpcKind[] = [];
    for (const item of raw) {
      // The one schema the shape allows, not the union: the same verdict at a fraction of the cost (pool/rpc-message.ts).
      let message: JSONRPCMessage;
      try {
        if (item === null || typeof item !== 'object') throw new TypeError('not an object');
        message = withoutAgentReason(parseRpcMessage(item, this.#options.types));
      } catch {
        // Valid JSON (the endpoint parsed it) that is no JSON-RPC message: JSON-RPC 2.0 §5.1 Invalid Request, saying why.
        return refuse(res, { status: 400, code: -32600, message: `Invalid Request: ${rpcProblem(item)}` });
      }
      messages.push(message);
      kinds.push(rpcKind(message));
    }
    const init = messages.some((m) => 'method' in m && m.method === 'initialize' && this.#options.types.isInitializeRequest(m));
    if (init) {
      if (this.sessionId !== undefined) return refuse(res, { status: 400, code: -32600, message: 'Invalid Request: Server already initialized' });
      if (messages.length > 1) return refuse(res, { status: 400, code: -32600, message: 'Invalid Request: Only one initialization request is allowed' });
      this.sessionId = this.#options.newSessionId();
      this.#options.onsessioninitialized?.(this.sessionId);
    } else {
      const refusal = this.#sessionRefusal(req);
      if (refusal) return refuse(res, refusal);
    }
    const extra = NO_EXTRA;
    const requests = messages.filter(isRequest);
    if (requests.length === 0) {
      // Only notifications and responses: accepted, nothing to answer (§Streamable HTTP, 202).
      res.writeHead(202, responseHeaders()).end();
      messages.forEach((message, i) => this.#dispatch(message, kinds[i] ?? rpcKind(message), extra));
      for (const message of messages) this.#cancelled(message);
      return;
    }
    // Ids are unique within a session (MCP basic §Requests), so within one batch too: two alike would share one answer.
    const ids = new Set(requests.map((r) => r.id));
    if (ids.size < requests.length) return refuse(res, { status: 400, code: -32600, message: 'Invalid Request: the requests of a batch must have distinct ids' });
    // The session id goes out with the InitializeResult (§Session Management); later answers need not repeat it.
    // An id a request in flight holds is refused here, never handed on: its answer would go to this POST.
    let reused: Set<JSONRPCMessage> | undefined;
    for (const request of requests) if (this.#answers.has(request.id)) (reused ??= new Set()).add(request);
    const answer = new PostAnswer(res, requests.map((r) => r.id), init ? this.sessionId : undefined, this.#timers, this.#released);
    for (const request of requests) if (reused?.has(request) !== true) this.#answers.set(request.id, answer);
    if (requests.some(wantsProgress)) answer.stream();
    if (reused !== undefined) {
      for (const request of reused) if (isRequest(request)) answer.respond(request.id, reusedIdAnswer(request.id));
      messages.forEach((message, i) => {
        if (reused?.has(message) !== true) this.#dispatch(message, kinds[i] ?? rpcKind(message), extra);
      });
      return;
    }
    const [single] = messages;
    if (messages.length === 1 && single && this.#lane?.(single, extra)) return;
    messages.forEach((message, i) => this.#dispatch(message, kinds[i] ?? rpcKind(message), extra));
  }

  /** A cancel of a request in flight ends that request's wait in its POST, which no response will answer. */
  #cancelled(message: JSONRPCMessage): void {
    if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return;
    const id = (message.params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const answer = this.#answers.get(id);
    if (!answer) return;
    this.#answers.delete(id);
    answer.cancelled(id);
  }

  #get(req: IncomingMessage, res: ServerResponse): void {
    if (!(header(req, 'accept') ?? '').includes('text/event-stream')) {
      return refuse(res, { status: 406, code: -32000, message: 'Not Acceptable: Client must accept text/event-stream' });
    }
    const refusal = this.#sessionRefusal(req);
    if (refusal) return refuse(res, refusal);
    if (this.#standalone) return refuse(res, { status: 409, code: -32000, message: 'Conflict: Only one SSE stream is allowed per session' });
    const stop = openSse(res, this.sessionId, this.#timers, true);
    const stream = { res, stop };
    this.#standalone = stream;
    res.once('close', () => {
      stop();
      if (this.#standalone === stream) this.#standalone = undefined;
    });
  }

  #delete(req: IncomingMessage, res: ServerResponse): void {
    const refusal = this.#sessionRefusal(req);
    if (refusal) return refuse(res, refusal);
    res.writeHead(200, responseHeaders()).end();
    void this.close();
  }

  /** A session's requests name a known protocol version, if any (§Protocol Version Header). */
  #sessionRefusal(req: IncomingMessage): Refusal | undefined {
    if (this.sessionId === undefined) return { status: 400, code: -32000, message: 'Bad Request: Server not initialized' };
    const version = header(req, 'mcp-protocol-version');
    const supported = this.#options.types.SUPPORTED_PROTOCOL_VERSIONS;
    if (version !== undefined && !supported.includes(version)) {
      return { status: 400, code: -32000, message: `Bad Request: Unsupported protocol version: ${version} (supported versions: ${supported.join(', ')})` };
    }
    return undefined;
  }

  /**
   * Aborts once the POST that answers request `id` closed before its answer: with no event store
   * (no resumability) nothing reaches the agent after that. Already aborted when that POST is gone.
   */
  answerGone(id: RequestId): AbortSignal {
    return this.#answers.get(id)?.gone ?? AbortSignal.abort(new StoppedWaiting());
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isResponse(message)) {
      const id = message.id;
      if (id === undefined) return Promise.reject(new Error('Cannot send a response without an id'));
      const answer = this.#answers.get(id);
      // The client went away or the session closed: nobody is left to read it.
      if (!answer) return Promise.resolve();
      this.#answers.delete(id);
      answer.respond(id, message);
      return Promise.resolve();
    }
    const related = options?.relatedRequestId;
    if (related !== undefined) {
      const answer = this.#answers.get(related);
      if (!answer?.related(message)) return Promise.reject(new Error(`No open stream for request ${String(related)}: the agent is gone`));
      return Promise.resolve();
    }
    // Unrelated messages (list_changed, logs) go to the GET stream, or nowhere without one (§Listening for Messages).
    const standalone = this.#standalone;
    if (!standalone?.res.writable) return Promise.resolve();
    const event = sseEvent(message);
    // Only what waits unread counts: one large message to an agent that reads is sent.
    if (standalone.res.writableLength === 0 || standalone.res.writableLength + Buffer.byteLength(event) <= MAX_UNREAD_STREAM_BYTES) standalone.res.write(event);
    else {
      // An agent that stopped reading: the stream ends, and its place with it, not once its socket closes (Node's `close` waits for what was written to leave): a new GET may follow at once.
      standalone.stop();
      standalone.res.end(unreadGetStreamEnd());
      if (this.#standalone === standalone) this.#standalone = undefined;
    }
    return Promise.resolve();
  }

  /** The bridge stops: each request still in flight gets `answer(id)` now, before close ends its stream. */
  answerInFlight(answer: (id: RequestId) => JSONRPCMessage): void {
    for (const post of new Set(this.#answers.values())) {
      for (const id of post.ids) {
        if (this.#answers.get(id) !== post) continue;
        this.#answers.delete(id);
        post.respond(id, answer(id));
      }
    }
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    for (const answer of new Set(this.#answers.values())) answer.abandon();
    this.#answers.clear();
    if (this.#standalone) {
      this.#standalone.stop();
      this.#standalone.res.end();
      this.#standalone = undefined;
    }
    this.onclose?.();
    return Promise.resolve();
  }
}
