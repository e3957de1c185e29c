import type { ServerResponse } from 'node:http';
import type { RequestId, Server } from '@modelcontextprotocol/server';
import { bindModernEra, isPlainToolResult, requestHandlers, toolCallRules, type CheckedHandler, type ModernCodec, type ProtocolHandler } from '../mcp-wire';
import { IdTable } from '../../shared/collections';
import { laneContext, LaneMcpReq } from './modern-lane-context';
import type { LaneRequest } from './modern-lane-entry';
import { Exchange } from './modern-lane-exchange';
import { errorMessage } from '../../shared/errors';

/** MissingRequiredClientCapability: the one handler error the SDK answers with HTTP 400 (MCP 2026-07-28 basic §Client capabilities). */
const MISSING_CAPABILITY = -32021;
/** The status createMcpHandler answers an exchange its handler closed under it (agent removed, token rotated). */
const CLOSED_STATUS = 499;

/** Protocol's error answer for what a handler threw (`_onrequest`: its code if an integer, else -32603, through the era's codec). */
function errorAnswer(codec: ModernCodec, id: RequestId, thrown: unknown): { code: number; answer: object } {
  const error = (thrown ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const code = codec.encodeErrorCode(typeof error.code === 'number' && Number.isSafeInteger(error.code) ? error.code : -32603);
  const message = typeof error.message === 'string' ? error.message : 'Internal error';
  return { code, answer: { jsonrpc: '2.0', id, error: { code, message, ...(error.data !== undefined && { data: error.data }) } } };
}

/**
 * Server's `tools/call` wrapper after its request checks (mcp-wire toolCallRules). A checked call's
 * core is awaited in `serve`'s own frame (no async wrapper per call); its outcome goes through the
 * rules, as a handler that gives it back, unless it is a plain result, which they pass as it is.
 */
type Rules = (handler: CheckedHandler, request: unknown, ctx: unknown) => Promise<unknown>;

function rethrow(thrown: unknown): CheckedHandler {
  return () => {
    throw thrown;
  };
}

function given(result: unknown): CheckedHandler {
  return () => result;
}

/** What the endpoint is told of a request the lane served (modern-endpoint.ts ModernDeps): that it did, and the revision its agent spoke. */
export interface LaneHooks {
  laneServed?: (agent: string) => void;
  spoke?: (agent: string, revision: string) => void;
}

/** Where a response in the lane keeps its exchange, so one shared close listener finds it (no closure per call). */
const EXCHANGE = Symbol('lane exchange');
type LaneResponse = ServerResponse & { [EXCHANGE]?: Exchange };

/** The agent closed its request before the answer left: the call is cancelled (MCP 2026-07-28 §Cancellation). `this` is the response (node:events). */
function closedEarly(this: LaneResponse): void {
  const exchange = this[EXCHANGE];
  exchange?.settle();
  if (!this.writableFinished) exchange?.abort();
}

/**
 * The lane of an agent's hot 2026-07-28 requests, a first-round `tools/call` and the listings
 * (modern-lane-entry.ts): the handler the agent's long-lived SDK server registered for the method
 * (modern-server.ts, the same one createMcpHandler's servers run, with the SDK's own request and
 * result checks, cache hints and `input_required` rules around it) is called with the context
 * Protocol's `_onrequest` builds, and its outcome goes through the 2026-07-28 codec and out as JSON on
 * node's own response, or as the last event of an SSE stream when the request's notifications
 * (progress) opened one (modern-lane-exchange.ts): no web Request or Response, no per-request
 * transport connected and closed, none of the SDK's JSON-RPC guards on the way (whose failed parses
 * kept each request through young collections), and no AbortController unless something reads the
 * signal (docs/bridge.md §Speed of the two eras). The guards, the token, the body's bounds and the
 * classification ran before it, as for every request; the gate, approvals, audit and redaction run
 * inside the handler, as for every call.
 */
export class ModernLane {
  readonly #handlers: ReadonlyMap<string, ProtocolHandler>;
  readonly #codec: ModernCodec;
  readonly #core: CheckedHandler;
  readonly #rules: Rules;
  readonly #log: (line: string) => void;
  readonly #inEra: (method: string) => boolean;
  /**
   * The exchanges in flight, by a number of their own: in a Set that gains and loses one per call, the
   * tables it replaces keep their entries and link to their successors, so once one is in the old
   * generation every later request and response survived young collections (shared/collections
   * IdTable; docs/bridge.md §Speed of the two eras).
   */
  readonly #running = new IdTable<Exchange>();
  #nextExchange = 0;

  private constructor(parts: { handlers: ReadonlyMap<string, ProtocolHandler>; codec: ModernCodec; core: CheckedHandler; rules: Rules }, log: (line: string) => void) {
    this.#handlers = parts.handlers;
    this.#codec = parts.codec;
    this.#core = parts.core;
    this.#rules = parts.rules;
    this.#log = log;
    this.#inEra = (method) => parts.codec.sendsNotification(method);
  }

  /**
   * The lane over a server of the agent that is never connected; undefined when this SDK's internals
   * differ (then the SDK's path serves every request). `core`: the function the server's `tools/call`
   * handler runs once the SDK checked the request (modern-tool-call.ts); `fail` makes the SDK's ProtocolError.
   */
  static over(server: Server, core: CheckedHandler, fail: (code: number, message: string) => Error, log: (line: string) => void): ModernLane | undefined {
    const handlers = requestHandlers(server);
    const codec = handlers?.has('tools/call') && bindModernEra(server);
    const rules = codec && toolCallRules(server, fail);
    return handlers && codec && rules ? new ModernLane({ handlers, codec, core, rules }, log) : undefined;
  }

  /** Whether the agent's server has a handler of this method (else the SDK's path answers, with its -32601). */
  serves(method: string): boolean {
    return this.#handlers.has(method);
  }

  /**
   * Answers one request; the HTTP status it answered with, or undefined when the agent went away first
   * (nothing is answered then, as on the SDK's path). `hooks` hear of it once it is over, as the
   * request of `agent` naming `revision` (here, so the endpoint's own frame need not await this one).
   */
  async serve(request: LaneRequest, res: ServerResponse, hooks?: LaneHooks, agent = '', revision?: string): Promise<number | undefined> {
    const exchange = new Exchange(this.#nextExchange++, request.id, res, this.#inEra);
    (res as LaneResponse)[EXCHANGE] = exchange;
    // One listener shared by every call, removed when the call ends (`once` would wrap it in two objects per call).
    res.on('close', closedEarly);
    this.#running.set(exchange.id, exchange);
    let answer: object | undefined;
    let status = 200;
    try {
      const context = laneContext(new LaneMcpReq(request.id, request.params['_meta'], request.envelope, exchange, this.#log, request.method));
      let result: unknown;
      const checked = request.checked;
      if (checked) {
        // The core awaited in this frame (see Rules): a plain result is passed as the SDK's wrapper passes it.
        try {
          result = await this.#core(checked, context);
        } catch (thrown) {
          result = await this.#rules(rethrow(thrown), checked, context);
        }
        if (!isPlainToolResult(result)) result = await this.#rules(given(result), checked, context);
      } else {
        result = await this.#handle(request, context);
      }
      if (!exchange.aborted) answer = this.#encoded(request, result);
    } catch (thrown) {
      if (!exchange.aborted) {
        const error = errorAnswer(this.#codec, request.id, thrown);
        answer = error.answer;
        if (error.code === MISSING_CAPABILITY) status = 400;
      }
    } finally {
      this.#running.delete(exchange.id);
      res.off('close', closedEarly);
    }
    const answered = answer === undefined ? undefined : exchange.answer(status, answer);
    if (hooks !== undefined) {
      hooks.laneServed?.(agent);
      if (answered !== undefined && answered < 400 && revision !== undefined) hooks.spoke?.(agent, revision);
    }
    return answered;
  }

  /** The answer to a result: key order as Protocol builds it, so the bytes are those of the SDK's path. */
  #encoded(request: LaneRequest, result: unknown): object {
    try {
      const encoded = request.method === 'tools/call' ? this.#codec.encodeToolResult(result) : this.#codec.encodeResult(request.method, result);
      return { result: encoded, jsonrpc: '2.0', id: request.id };
    } catch (error) {
      this.#log(`a 2026-07-28 ${request.method} result could not be encoded: ${errorMessage(error)}`);
      return { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: 'Internal error' } };
    }
  }

  /** A request the lane did not check goes to the SDK's registered handler whole (its request checks, rules and result check). */
  #handle(request: LaneRequest, context: object): unknown {
    const handler = this.#handlers.get(request.method);
    if (handler === undefined) throw new Error(`no handler of ${request.method}`);
    return handler(request.request as never, context);
  }

  /** The bridge stops: each call in flight is cancelled and answered with `error` (the era's codec) before its stream closes. */
  stop(error: Error): void {
    for (const exchange of [...this.#running]) exchange.answerWith((id) => errorAnswer(this.#codec, id, error).answer);
    this.#running.clear();
  }

  /** The agent was removed or its token rotated: its calls in flight end, answered as createMcpHandler answers a closed exchange. */
  close(): void {
    for (const exchange of [...this.#running]) exchange.closeWith(CLOSED_STATUS);
    this.#running.clear();
  }
}
