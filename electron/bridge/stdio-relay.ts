import type { Readable, Writable } from 'node:stream';
import type {
  JSONRPCMessage,
  JSONRPCRequest,
  RequestId,
  SdkHttpError,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  isJSONRPCErrorResponse as IsErrorResponse,
  isJSONRPCRequest as IsRequest,
  isJSONRPCResultResponse as IsResultResponse,
  parseJSONRPCMessage as ParseMessage,
} from '@modelcontextprotocol/client';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { FetchLike } from '../net';
import { TOKEN_ENV } from './config-snippet';
import { boundedLines } from './bounded-lines';
import { ClientPing } from './client-ping';
import { createPacedWriter } from './paced-writer';
import { refusalOf, type Refusal } from './relayed-refusal';
import { cancelledRequest, MAX_LINE_BYTES, overlongLine, unreadableLine, unreadableNotice } from './stdio-answers';
import { StdioMessages } from './stdio-messages';

/** What the relay takes of SDK v2's client package, loaded by the caller when the shim runs (not when the CLI starts). */
export interface RelayTransports {
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
  SdkHttpError: typeof SdkHttpError;
  UnauthorizedError: typeof UnauthorizedError;
  isJSONRPCRequest: typeof IsRequest;
  isJSONRPCResultResponse: typeof IsResultResponse;
  isJSONRPCErrorResponse: typeof IsErrorResponse;
  parseJSONRPCMessage: typeof ParseMessage;
}

export interface StdioRelayOptions {
  bridgeUrl: string;
  token: string;
  fetch: FetchLike;
  stdin: Readable;
  stdout: Writable;
  notice: (text: string) => void;
  sdk: RelayTransports;
}

const REINIT_ID = 'connected-services-shim-reinit';

export function errorText(error: unknown): string {
  return redact(errorMessage(error));
}

/**
 * Relays JSON-RPC unchanged between the client's stdio (MCP transports §stdio) and one bridge
 * session (§Streamable HTTP). Keeps the client's initialize so a restarted bridge (session 404,
 * §Session Management) gets a new session carrying it.
 */
export class StdioRelay {
  readonly #options: StdioRelayOptions;
  /** The client's input, cut into lines of at most MAX_LINE_BYTES. */
  readonly #lines: Readable;
  readonly #stdio: StdioMessages;
  readonly #toClient: (msg: JSONRPCMessage) => void;
  readonly #ping: ClientPing;
  /** Requests from the client the bridge has not answered yet, with the session that took each once one did. */
  readonly #pending = new Map<RequestId, StreamableHTTPClientTransport | undefined>();
  /** Each request's send until the bridge took it: a cancel of it goes out only after that. */
  readonly #sending = new Map<RequestId, Promise<void>>();
  #http: StreamableHTTPClientTransport;
  #initialize: JSONRPCRequest | undefined;
  #protocolVersion: string | undefined;
  #reinit: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #fatal: CodedError | undefined;
  /** Settles once the client's initialize was answered: the session comes with that answer, so nothing goes out before it. */
  #opened: Promise<void> = Promise.resolve();
  /** The new session a lost one is being replaced with: one for every message the lost one refused. */
  #reconnecting: Promise<void> | undefined;
  /** Closing on purpose: the session's stream ending then is no news. */
  #closing = false;
  #finish: () => void = () => undefined;
  readonly #finished = new Promise<void>((resolve) => {
    this.#finish = resolve;
  });

  constructor(options: StdioRelayOptions) {
    this.#options = options;
    this.#ping = new ClientPing((msg) => this.#stdio.send(msg));
    this.#toClient = createPacedWriter({
      send: (msg) => this.#stdio.send(msg),
      failed: (error) => options.notice(`could not write to the client: ${errorText(error)}`),
      // Only a client that initialized (2025-era) answers the server's requests.
      confirmRead: () => (this.#protocolVersion === undefined ? Promise.resolve(false) : this.#ping.confirm()),
    });
    this.#lines = boundedLines(options.stdin, MAX_LINE_BYTES, (bytes) => {
      options.notice(`refused a line from the client longer than ${MAX_LINE_BYTES} bytes (${bytes} bytes so far)`);
      this.#toClient(overlongLine(MAX_LINE_BYTES));
    });
    this.#stdio = new StdioMessages(this.#lines, options.stdout, options.sdk.parseJSONRPCMessage);
    this.#http = this.#openSession();
  }

  /** Relays until stdin ends, then closes both sides; throws when the bridge refused the token mid-run. */
  async run(): Promise<void> {
    await this.#http.start();
    await this.#listenToClient();
    await this.#finished;
    await this.#close();
    if (this.#fatal) throw this.#fatal;
  }

  /** A Streamable HTTP client transport to the bridge with the agent's bearer token (RFC 6750 §2.1). */
  #openSession(): StreamableHTTPClientTransport {
    const transport = new this.#options.sdk.StreamableHTTPClientTransport(new URL(this.#options.bridgeUrl), {
      requestInit: { headers: { Authorization: `Bearer ${this.#options.token}` } },
      fetch: this.#options.fetch,
    });
    transport.onmessage = (msg) => this.#fromBridge(transport, msg);
    transport.onerror = (error) => {
      if (!this.#closing) this.#options.notice(errorText(error));
    };
    return transport;
  }

  /** The answer to our replayed initialize settles the reconnect; everything else goes to the client. */
  #fromBridge(transport: StreamableHTTPClientTransport, msg: JSONRPCMessage): void {
    const { isJSONRPCErrorResponse, isJSONRPCResultResponse } = this.#options.sdk;
    if ((isJSONRPCResultResponse(msg) || isJSONRPCErrorResponse(msg)) && msg.id === REINIT_ID) {
      if (isJSONRPCResultResponse(msg)) this.#reinit?.resolve();
      else this.#reinit?.reject(new Error(msg.error.message));
      return;
    }
    if (isJSONRPCResultResponse(msg) || isJSONRPCErrorResponse(msg)) {
      if (msg.id !== undefined) {
        this.#pending.delete(msg.id);
        this.#sending.delete(msg.id);
      }
      // The negotiated version goes on every later request (MCP-Protocol-Version header).
      if (isJSONRPCResultResponse(msg) && this.#initialize !== undefined && msg.id === this.#initialize.id) {
        const version = msg.result['protocolVersion'];
        if (typeof version === 'string') {
          this.#protocolVersion = version;
          transport.setProtocolVersion(version);
        }
      }
    }
    this.#toClient(msg);
  }

  /** Reads the client's messages in order until stdin ends. */
  async #listenToClient(): Promise<void> {
    const stdin = this.#options.stdin;
    const { isJSONRPCRequest } = this.#options.sdk;
    this.#stdio.onmessage = (msg) => {
      if (this.#ping.take(msg)) return;
      if (isJSONRPCRequest(msg)) {
        this.#pending.set(msg.id, undefined);
        if (msg.method === 'initialize') this.#initialize = msg;
      }
      this.#dispatch(msg);
    };
    this.#stdio.onerror = (error) => {
      this.#options.notice(`unreadable input from the client: ${unreadableNotice(error) ?? errorText(error)}`);
      const refusal = unreadableLine(error);
      if (refusal) this.#toClient(refusal);
    };
    // The lines end once every line before the input's end was handed on; an input closed without an end (an error) ends at once.
    this.#lines.once('end', () => this.#finish());
    stdin.once('close', () => {
      if (!stdin.readableEnded) this.#finish();
    });
    this.#stdio.start();
    return Promise.resolve();
  }

  /**
   * Sends in the client's order without waiting for the answer's headers before the next message
   * (the bridge holds them up to a second for an answer that comes at once, so calls would start a
   * second apart): only the initialize goes alone, and a cancel waits until the bridge took the
   * request it cancels, which it would otherwise not know yet (MCP basic/utilities/cancellation).
   */
  #dispatch(msg: JSONRPCMessage): void {
    const { isJSONRPCRequest } = this.#options.sdk;
    if (isJSONRPCRequest(msg) && msg.method === 'initialize') {
      this.#opened = this.#opened.then(async () => {
        if (this.#http.sessionId !== undefined) await this.#startOver();
        await this.#forward(msg);
      });
      return;
    }
    const cancelled = cancelledRequest(msg);
    const after = (cancelled !== undefined ? this.#sending.get(cancelled) : undefined) ?? this.#opened;
    const sent = after.then(() => this.#forward(msg));
    if (isJSONRPCRequest(msg)) {
      this.#sending.set(msg.id, sent);
      void sent.then(() => {
        if (this.#sending.get(msg.id) === sent) this.#sending.delete(msg.id);
      });
    }
  }

  /** Sends one message to the bridge: a 401 ends the run, a lost session is restored once. Never rejects. */
  async #forward(msg: JSONRPCMessage, retried = false): Promise<void> {
    const http = this.#http;
    try {
      await http.send(msg);
      const id = this.#options.sdk.isJSONRPCRequest(msg) ? msg.id : undefined;
      if (id !== undefined && this.#pending.has(id)) this.#pending.set(id, http);
    } catch (error) {
      // SDK v2: a 401 without an auth provider is UnauthorizedError; other refusals carry their HTTP status.
      const { SdkHttpError: HttpError, UnauthorizedError: Unauthorized } = this.#options.sdk;
      const status = error instanceof Unauthorized ? 401 : error instanceof HttpError ? error.status : undefined;
      if (status === 401) {
        this.#fatal = new CodedError('denied', 'the bridge no longer accepts the agent token (401)', {
          hint: `the agent was removed or its token rotated: put a new token in ${TOKEN_ENV}`,
        });
        this.#finish();
        return;
      }
      if (status === 404 && !retried && this.#initialize !== undefined && msg !== this.#initialize) {
        try {
          await this.#newSession(http);
          await this.#forward(msg, true);
          return;
        } catch (reconnectError) {
          this.#options.notice(`could not restore the session: ${errorText(reconnectError)}`);
        }
      }
      if (!this.#options.sdk.isJSONRPCRequest(msg)) return;
      const refusal = error instanceof HttpError ? refusalOf(error.data, msg.id) : undefined;
      this.#failRequest(msg.id, `the Connected Services bridge did not take the request: ${errorText(error)}`, refusal);
    }
  }

  /** The session that replaces `lost`: the first message it refused opens it, the others wait for it. */
  #newSession(lost: StreamableHTTPClientTransport): Promise<void> {
    if (this.#reconnecting) return this.#reconnecting;
    if (this.#http !== lost) return Promise.resolve();
    const reconnecting = this.#reconnect(lost).finally(() => {
      this.#reconnecting = undefined;
    });
    this.#reconnecting = reconnecting;
    return reconnecting;
  }

  /**
   * A new bridge session carrying the client's original initialize (its answer is not forwarded
   * twice). The requests `lost` took die with it; one it refused is sent again on the new one.
   */
  async #reconnect(lost: StreamableHTTPClientTransport): Promise<void> {
    if (!this.#initialize) throw new Error('no session to restore');
    await lost.close().catch(() => undefined);
    for (const [id, taken] of [...this.#pending]) {
      if (taken === lost) this.#failRequest(id, 'the Connected Services bridge restarted while this request was running; retry it');
    }
    this.#http = this.#openSession();
    await this.#http.start();
    const answered = new Promise<void>((resolve, reject) => {
      this.#reinit = { resolve, reject };
    });
    await this.#http.send({ ...this.#initialize, id: REINIT_ID });
    await answered;
    if (this.#protocolVersion !== undefined) this.#http.setProtocolVersion(this.#protocolVersion);
    await this.#http.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    this.#options.notice('the bridge restarted; continued on a new session');
  }

  /**
   * A client that initializes again starts over, on a new transport: the SDK's would send it without
   * the session id, so the bridge would open a second session and hold the first (its stream too)
   * until its idle expiry. The first is ended (DELETE, §Session Management) and closed.
   */
  async #startOver(): Promise<void> {
    const old = this.#http;
    this.#http = this.#openSession();
    await this.#http.start();
    // Its stream's end and a refused DELETE are this session's end, not news for the client's stderr.
    old.onerror = () => undefined;
    await old.terminateSession().catch(() => undefined);
    await old.close().catch(() => undefined);
  }

  /** The request's answer is an error: the bridge's own refusal where it gave one, else ours (-32603). */
  #failRequest(id: RequestId, text: string, refusal?: Refusal): void {
    this.#pending.delete(id);
    this.#sending.delete(id);
    this.#toClient({ jsonrpc: '2.0', id, error: refusal ?? { code: -32603, message: text } });
  }

  /** Stops reading, ends the bridge session (DELETE, §Session Management) and closes it. */
  async #close(): Promise<void> {
    this.#closing = true;
    this.#ping.close();
    this.#stdio.close();
    await this.#http.terminateSession().catch(() => undefined);
    await this.#http.close().catch(() => undefined);
  }
}
