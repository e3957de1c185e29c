import type { ServerResponse } from 'node:http';
import type { RequestId, Server } from '@modelcontextprotocol/server';
import { bindModernEra, requestHandlers, toolCallRules, type CheckedHandler, type ModernCodec, type ProtocolHandler } from '../mcp-wire';
import { IdTable } from '../../shared/collections';
import { LazyAbort } from '../pool';
import { laneContext, LaneMcpReq } from './modern-lane-context';
import type { LaneRequest } from './modern-lane-entry';
import { responseHeaders } from './response-headers';
import { errorMessage } from '../../shared/errors';

/** MissingRequiredClientCapability: the one handler error the SDK answers with HTTP 400 (MCP 2026-07-28 basic §Client capabilities). */
const MISSING_CAPABILITY = -32021;
/** The status createMcpHandler answers an exchange its handler closed under it (agent removed, token rotated). */
const CLOSED_STATUS = 499;

/** What the lane answers with (response-headers.ts), before the answer's length. */
const JSON_HEADERS = responseHeaders('content-type', 'application/json');

/** Protocol's error answer for what a handler threw (`_onrequest`: its code if an integer, else -32603, through the era's codec). */
function errorAnswer(codec: ModernCodec, id: RequestId, thrown: unknown): { code: number; answer: object } {
  const error = (thrown ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = codec.encodeErrorCode(typeof error.code === 'number' && Number.isSafeInteger(error.code) ? error.code : -32603);
  const message = typeof error.message === 'string' ? error.message : 'Internal error';
  return { code, answer: { jsonrpc: '2.0', id, error: { code, message, ...(error.data !== undefined && { data: error.data }) } } };
}

/** Server's `tools/call` wrapper after its request checks (mcp-wire toolCallRules). */
type Rules = (handler: CheckedHandler, request: unknown, ctx: unknown) => Promise<unknown>;

/** Where a response in the lane keeps its exchange, so one shared close listener finds it (no closure per call). */
const EXCHANGE = Symbol('lane exchange');
type LaneResponse = ServerResponse & { [EXCHANGE]?: Exchange };

/** One request in flight: its cancellation (an AbortSignal made only if read: the call listens on this) and its response. */
class Exchange extends LazyAbort {
  constructor(
    readonly id: number,
    readonly res: ServerResponse,
  ) {
    super();
  }
}

/** The agent closed its request before the answer left: the call is cancelled (MCP 2026-07-28 §Cancellation). `this` is the response (node:events). */
function closedEarly(this: LaneResponse): void {
  if (!this.writableFinished) this[EXCHANGE]?.abort();
}

/**
 * The lane of an agent's hot 2026-07-28 request, a first-round `tools/call` (modern-lane-entry.ts):
 * the handler the agent's long-lived SDK server registered for it (modern-server.ts, the same one
 * createMcpHandler's servers run, with the SDK's own request and result checks and `input_required`
 * rules around it) is called with the context Protocol's `_onrequest` builds, and its outcome goes
 * through the 2026-07-28 codec and out as JSON on node's own response: no web Request or Response,
 * no per-request transport connected and closed, and no AbortController unless something reads the signal (docs/bridge.md §Speed of the
 * two eras). The guards, the token, the body's bounds and the classification ran before it, as for
 * every request; the gate, approvals, audit and redaction run inside the handler, as for every call.
 */
export class ModernLane {
  readonly #handler: ProtocolHandler;
  readonly #codec: ModernCodec;
  readonly #core: CheckedHandler;
  readonly #rules: Rules;
  readonly #log: (line: string) => void;
  /**
   * The exchanges in flight, by a number of their own: in a Set that gains and loses one per call, the
   * tables it replaces keep their entries and link to their successors, so once one is in the old
   * generation every later request and response survived young collections (shared/collections
   * IdTable; docs/bridge.md §Speed of the two eras).
   */
  readonly #running = new IdTable<Exchange>();
  #nextExchange = 0;

  private constructor(parts: { handler: ProtocolHandler; codec: ModernCodec; core: CheckedHandler; rules: Rules }, log: (line: string) => void) {
    this.#handler = parts.handler;
    this.#codec = parts.codec;
    this.#core = parts.core;
    this.#rules = parts.rules;
    this.#log = log;
  }

  /**
   * The lane over a server of the agent that is never connected; undefined when this SDK's internals
   * differ (then the SDK's path serves every request). `core`: the function the server's `tools/call`
   * handler runs once the SDK checked the request (modern-tool-call.ts); `fail` makes the SDK's ProtocolError.
   */
  static over(server: Server, core: CheckedHandler, fail: (code: number, message: string) => Error, log: (line: string) => void): ModernLane | undefined {
    const handler = requestHandlers(server)?.get('tools/call');
    const codec = handler && bindModernEra(server);
    const rules = codec && toolCallRules(server, fail);
    return handler && codec && rules ? new ModernLane({ handler, codec, core, rules }, log) : undefined;
  }

  /** Answers one request; the HTTP status it answered with, or undefined when the agent went away first (nothing is answered then, as on the SDK's path). */
  async serve(request: LaneRequest, res: ServerResponse): Promise<number | undefined> {
    const exchange = new Exchange(this.#nextExchange++, res);
    (res as LaneResponse)[EXCHANGE] = exchange;
    // One listener shared by every call, removed when the call ends (`once` would wrap it in two objects per call).
    res.on('close', closedEarly);
    this.#running.set(exchange.id, exchange);
    let answer: object;
    let status = 200;
    try {
      const context = laneContext(new LaneMcpReq(request.id, request.params['_meta'], request.envelope, exchange, this.#log));
      // Params that plainly pass the SDK's two request checks skip them (the core gets what they would
      // hand it); the rules and the result check around the handler run as in the SDK's wrapper.
      const result = request.checked ? await this.#rules(this.#core, request.checked, context) : await this.#handler(request.request as never, context);
      if (exchange.aborted) return undefined;
      try {
        // Key order as Protocol builds it, so the bytes are those of the SDK's path.
        answer = { result: this.#codec.encodeToolResult(result), jsonrpc: '2.0', id: request.id };
      } catch (error) {
        this.#log(`a 2026-07-28 tools/call result could not be encoded: ${errorMessage(error)}`);
        answer = { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'Internal error' } };
      }
    } catch (thrown) {
      if (exchange.aborted) return undefined;
      const error = errorAnswer(this.#codec, request.id, thrown);
      answer = error.answer;
      if (error.code === MISSING_CAPABILITY) status = 400;
    } finally {
      this.#running.delete(exchange.id);
      res.off('close', closedEarly);
    }
    const body = JSON.stringify(answer);
    // With its length declared, head and body leave in one write, as a session's answer does
    // (post-answer.ts); without it node:http makes it chunked: a writev of head, chunk and terminator.
    res.writeHead(status, [...JSON_HEADERS, 'content-length', Buffer.byteLength(body)]);
    res.end(body);
    return status;
  }

  /** The agent was removed or its token rotated: its calls in flight end, answered as createMcpHandler answers a closed exchange. */
  close(): void {
    for (const exchange of [...this.#running]) {
      exchange.abort();
      const res = exchange.res;
      if (res.headersSent) continue;
      res.writeHead(CLOSED_STATUS, responseHeaders());
      res.end();
    }
    this.#running.clear();
  }
}
