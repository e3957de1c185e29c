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
import { DEFAULT_MAX_BODY_BYTES } from './http-body';
import { createPacedWriter } from './paced-writer';
import { isSchemaError } from './invalid-params';
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
 * The answer to a line that is no message (JSON-RPC 2.0 §5.1): -32700 when it is not JSON, -32600 when
 * it is not JSON-RPC; with no id to answer, none is given (MCP: an error's id is optional). Other
 * errors of the input (the stream's own) answer nothing.
 */
export function unreadableLine(error: unknown): JSONRPCMessage | undefined {
  if (error instanceof SyntaxError) return { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the line is not JSON' } };
  if (isSchemaError(error)) {
    return { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request: the line is not a JSON-RPC message' } };
  }
  return undefined;
}

/**
 * A line is bounded as the bridge bounds a request body: a longer one would be refused there (413), and
 * reading it whole would hold it in memory (the SDK's own buffer, once full, stops reading for good).
 */
export const MAX_LINE_BYTES = DEFAULT_MAX_BODY_BYTES;

/** The answer to a line over the bound, as the bridge answers a body over its own (-32600); its id was never read. */
export function overlongLine(maxLine: number): JSONRPCMessage {
  return { jsonrpc: '2.0', error: { code: -32600, message: `Payload Too Large: a line is limited to ${maxLine} bytes` } };
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
  /** Requests from the client the bridge has not answered yet. */
  readonly #pending = new Set<RequestId>();
  #http: StreamableHTTPClientTransport;
  #initialize: JSONRPCRequest | undefined;
  #protocolVersion: string | undefined;
  #reinit: { resolve: () => void; reject: (error: Error) => void } | undefined;
  #fatal: CodedError | undefined;
  /** Messages go out in the order the client wrote them. */
  #queue: Promise<void> = Promise.resolve();
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
      if (msg.id !== undefined) this.#pending.delete(msg.id);
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
        this.#pending.add(msg.id);
        if (msg.method === 'initialize') this.#initialize = msg;
      }
      this.#queue = this.#queue.then(() => this.#forward(msg));
    };
    this.#stdio.onerror = (error) => {
      this.#options.notice(`unreadable input from the client: ${errorText(error)}`);
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

  /** Sends one message to the bridge: a 401 ends the run, a lost session is restored once. */
  async #forward(msg: JSONRPCMessage, retried = false): Promise<void> {
    try {
      await this.#http.send(msg);
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
          await this.#reconnect(msg);
          await this.#forward(msg, true);
          return;
        } catch (reconnectError) {
          this.#options.notice(`could not restore the session: ${errorText(reconnectError)}`);
        }
      }
      if (this.#options.sdk.isJSONRPCRequest(msg)) this.#failRequest(msg.id, `the Connected Services bridge did not take the request: ${errorText(error)}`);
    }
  }

  /** A new bridge session carrying the client's original initialize (its answer is not forwarded twice). */
  async #reconnect(retrying: JSONRPCMessage): Promise<void> {
    if (!this.#initialize) throw new Error('no session to restore');
    await this.#http.close().catch(() => undefined);
    const keep = this.#options.sdk.isJSONRPCRequest(retrying) ? retrying.id : undefined;
    for (const id of [...this.#pending]) {
      if (id !== keep) this.#failRequest(id, 'the Connected Services bridge restarted while this request was running; retry it');
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

  #failRequest(id: RequestId, text: string): void {
    this.#pending.delete(id);
    this.#toClient({ jsonrpc: '2.0', id, error: { code: -32603, message: text } });
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
