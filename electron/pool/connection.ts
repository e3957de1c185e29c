import { isUnsentMessage, sdkErrorLine } from './sdk-error-line';
import type { ProcessEnv } from '../../shared/core-env';
import type { UpstreamLog } from './types';
import type { Client, StreamableHTTPClientTransport, StreamableHTTPClientTransportOptions, Transport } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { transportOf, type HttpServerConfig, type ServerConfig, type StdioServerConfig } from '../../shared/config';
import { loadClientSdk, type ClientSdk } from './client-sdk';
import type { InventoryPart } from './fetch-inventory';
import { toPoolError, type EndInfo, type ErrorContext } from './map-error';
import { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './flood-budget';
import { MessageNoise } from './message-noise';
import { AskBudget } from './ask-budget';
import { minimalEnv } from '../proc-env';
import { rateLimitedFetch } from './rate-limited-fetch';
import { messageBoundFetch } from './message-bound';
import { listingDepthFetch } from './listing-depth-fetch';
import { stringIdAnswer } from './invalid-answer';
import { invalidAnswerFetch } from './invalid-answer-fetch';
import { sseStartFetch } from './sse-start';
import { sessionExpiryFetch, type SessionNews } from './session-expiry';
import { refuseUnsendable } from './sendable-requests';
import type { RunLedger } from './run-ledger';
import { StdioProcessTransport, type SpawnLike } from './stdio-transport';
import type { FetchLike } from '../net';
import { DirectToolCalls } from './direct-calls';
import type { ListedTools } from './output-validators';
import { ToolRounds } from './tool-rounds';
import type { RelistTools } from './header-mismatch';
import { cutRetryFetch } from './cut-retry-fetch';
import { eraChoice, type EraChoice } from './era-choice';
import { LISTEN_ACK_MS, ResourceSubscriber } from './resource-subscriber';
import type { PriorDiscovery } from '@modelcontextprotocol/client';
import { awaitsAnswer, clientParts, refuseStringIds, useIdTables } from '../mcp-wire';
import { failEndedUnanswered } from './ended-unanswered';
import { withStrayStdout } from './stray-stdout';
import { UNKNOWN_ANSWER_PREFIX, unknownAnswerNote } from './unknown-answer';
import { CLIENT_CAPABILITIES, inputAnswerer, registerAskHandlers, type AskHandlerOptions } from './ask-handlers';
import type { AnswerInput } from './server-rounds';
import { connectInEra } from './connect-era';
import type { EraVerdicts } from './era-verdicts';
import { markTold } from './told-reason';

export const CLIENT_INFO = { name: 'connected-services', version: '0.1.0' };

/** A connected MCP client and the transport under it. */
export interface Connection {
  readonly client: Client;
  /** The stdio child's pid. */
  readonly pid: number | undefined;
  /** Set once the connection has ended (stdio): exit status, stderr tail, whether we closed it. */
  readonly ended: () => EndInfo | undefined;
  /** Stops the child (process group) or ends the HTTP session. Idempotent. */
  readonly close: () => Promise<void>;
  /** tools/call without the SDK's request bookkeeping (stdio only; direct-calls.ts). */
  readonly direct?: DirectToolCalls | undefined;
  /** The MCP revision this connection speaks (e.g. `2026-07-28`, `2025-11-25`). */
  readonly protocol: string | undefined;
  /** Resource subscriptions in the connection's era: `resources/subscribe`, or the modern era's listen filter. */
  readonly subscriptions: ResourceSubscriber;
  /** The server answered HTTP 404 for this connection's 2025-11-25 session: it no longer knows it (session-expiry.ts). */
  readonly sessionExpired: () => boolean;
  /** A 2025-11-25 HTTP session: whether its GET stream was answered 200 (the server knew the session then); undefined without one. */
  readonly streamOpened?: (() => boolean) | undefined;
  /** A 2026-07-28 connection with a router: answers its server's `input_required` rounds (server-rounds.ts). */
  readonly answerInput?: AnswerInput | undefined;
  /** The same connection's tools/call, rounds answered and output schemas checked by the pool (tool-rounds.ts). */
  readonly toolRounds?: ToolRounds | undefined;
}

/**
 * What opening any connection needs that is the same for every server and start: fixed when the pool
 * is created. The core's `env` is what a program's minimal environment is taken from.
 */
export interface ConnectionSettings extends ProcessEnv {
  maxMessageBytes: number;
  stopGraceMs: number;
  floodLimits?: FloodLimits | undefined;
  httpFetch?: ((name: string, config: HttpServerConfig) => FetchLike | undefined) | undefined;
  spawn?: SpawnLike | undefined;
  /** The era each HTTP server spoke when last asked (era-verdicts.ts); none: every start asks. */
  eras?: EraVerdicts | undefined;
  /** Where stdio servers' processes are recorded while they run (run-ledger.ts). */
  ledger?: RunLedger | undefined;
}

/** One server's attempt to connect: its entry, its startup deadline, and where the connection reports. */
export interface ConnectRequest {
  server: string;
  /** As written in mcp.json for a ConnectionFactory; already resolved (no `${secret:…}` left) for openConnection. */
  config: ServerConfig;
  /**
   * An HTTP entry's `url` as written, references and all: what is shown, what sign-in and the era
   * verdicts are keyed by; only the request itself goes to the resolved one, so a secret in the URL
   * reaches no authorization server (as RFC 8707 `resource`), no cache and no message. Absent: `config.url`.
   */
  writtenUrl?: string | undefined;
  startupTimeoutMs: number;
  signal: AbortSignal;
  onClosed: () => void;
  onListChanged: (part: InventoryPart) => void;
  onLog: (message: { level: UpstreamLog['level']; logger?: string; data: unknown }) => void;
  /** The server answered HTTP 404 for the session's id (MCP 2025-11-25 Transports §Session Management); once per connection. */
  onSessionExpired?: (() => void) | undefined;
  /** `notifications/resources/updated` for a resource subscribed to (MCP 2025-11-25 server/resources §Subscriptions). */
  onResourceUpdated?: ((uri: string) => void) | undefined;
  /** After resolve, before spawn: hands the program its credential (`${token}`, credentialFile). */
  prepare?: ((config: ServerConfig) => Promise<ServerConfig>) | undefined;
  /** The tools the server listed, for the output-schema checks of the pool's own paths (output-validators.ts). */
  tools?: ListedTools | undefined;
  /** Lists the tools again, bounded as every listing, updating `tools` and the SDK's cache (header-mismatch.ts). */
  relistTools?: RelistTools | undefined;
  /** Elicitation, sampling and roots requests of the server (ask-handlers.ts). */
  asks?: Omit<AskHandlerOptions, 'server' | 'log'> | undefined;
}

export type ConnectOptions = ConnectionSettings & ConnectRequest;

function stdioTransport(options: ConnectOptions, config: StdioServerConfig): StdioProcessTransport {
  return new StdioProcessTransport({
    server: options.server,
    command: config.command,
    args: config.args ?? [],
    cwd: config.cwd,
    env: minimalEnv(options.env, config.env),
    maxMessageBytes: options.maxMessageBytes,
    stopGraceMs: options.stopGraceMs,
    log: options.log,
    floodLimits: options.floodLimits,
    now: options.now,
    ...(options.spawn ? { spawn: options.spawn } : {}),
    ledger: options.ledger,
  });
}

function httpTransport(sdk: ClientSdk, options: ConnectOptions, config: HttpServerConfig, news: SessionNews): StreamableHTTPClientTransport {
  const transportOptions: StreamableHTTPClientTransportOptions = {};
  if (config.headers) transportOptions.requestInit = { headers: config.headers };
  const written = { ...config, url: options.writtenUrl ?? config.url };
  const fetch: FetchLike = options.httpFetch?.(options.server, written) ?? ((url, init) => globalThis.fetch(url, init));
  // A 429 keeps the wait the server asked for (the SDK's own error drops its headers); every message
  // is bounded as a stdio server's line is (the SDK reads a body whole, of any size), and a listing's
  // depth as a stdio server's listing is, before the SDK parses it; a malformed answer fails its call
  // at once, as a stdio server's does, and so does an answer labelled an event stream that is none.
  // A read cut before its answer (a kept-alive connection closed as it went out) is sent once more.
  const bounded = invalidAnswerFetch(listingDepthFetch(messageBoundFetch(sseStartFetch(cutRetryFetch(fetch), options.server), options.server, options.maxMessageBytes), options.server, options.log));
  transportOptions.fetch = sessionExpiryFetch(rateLimitedFetch(bounded, options.now), news);
  return new sdk.StreamableHTTPClientTransport(new URL(config.url), transportOptions);
}

/** Spawns or connects, then runs `initialize` within the startup timeout. Throws a CodedError. */
export async function openConnection(options: ConnectOptions): Promise<Connection> {
  const { server, config } = options;
  const sdk = await loadClientSdk();
  const stdio = transportOf(config) === 'stdio' ? stdioTransport(options, config as StdioServerConfig) : undefined;
  let closing: Promise<void> | undefined;
  let expired = false;
  let opened = false;
  const news: SessionNews = {
    expired: () => {
      // Our own close ends the session; a 404 after it is no news.
      if (expired || closing) return;
      expired = true;
      options.onSessionExpired?.();
    },
    streamOpened: () => {
      opened = true;
    },
  };
  const http = stdio ? undefined : httpTransport(sdk, options, config as HttpServerConfig, news);
  // An HTTP answer stream that ends unanswered fails its request at once (the client is made below, before any send).
  const waiting = (id: string | number): boolean => awaitsAnswer(client, id);
  const transport: Transport = stdio ?? refuseUnsendable(failEndedUnanswered(http as StreamableHTTPClientTransport, server, waiting), server);

  // Only a close that came before any exit or failure of the child makes its end ours, not a crash
  // (an HTTP connection has no child: any close of it is ours).
  let stoppedByUs = false;
  // A server stopped here for what it sent (MessageNoise, AskBudget): its end is that reason, as a stdio flood's is.
  let ownFailure: CodedError | undefined;
  const ended = (): EndInfo | undefined =>
    ownFailure
      ? { failure: ownFailure, exit: stdio?.exit, stderr: stdio?.stderrTail() ?? '', byUs: false }
      : stdio && (stdio.exit !== undefined || stdio.failure !== undefined || stdio.closing)
        ? { failure: stdio.failure, exit: stdio.exit, stderr: stdio.stderrTail(), byUs: stoppedByUs, answered: stdio.answered }
        : undefined;
  const stopFor = (error: CodedError): void => {
    if (ownFailure || ended()) return;
    ownFailure = error;
    markTold(error);
    options.log(`[${server}] ${error.message}`);
    void close();
  };

  const era: EraChoice = eraChoice(config);
  // Multi-round-trip input is answered through our own routing, one round at a time (ask-handlers.ts).
  const client = new sdk.Client(CLIENT_INFO, { capabilities: CLIENT_CAPABILITIES, jsonSchemaValidator: sdk.jsonSchemaValidator, ...(era.negotiation ? { versionNegotiation: era.negotiation } : {}) });
  useIdTables(client);
  // An answer with a waiting request's id as a string fails that call, wherever it came (invalid-answer.ts).
  refuseStringIds(client, stringIdAnswer);
  const budget = new AskBudget({ server, now: options.now, log: options.log, onFlood: stopFor });
  const askOptions = options.asks ? { ...options.asks, server, log: options.log, budget } : undefined;
  if (askOptions) registerAskHandlers(client, sdk.ProtocolError, askOptions);
  client.onclose = () => options.onClosed();
  const listed: ListedTools = options.tools ?? (() => undefined);
  const direct = stdio ? new DirectToolCalls(stdio, client, sdk, listed) : undefined;
  // What the server's own output causes (stray lines, answers to unknown ids) shares its stdout budget;
  // an HTTP server's the same budget, kept per connection.
  const httpNoise = stdio
    ? undefined
    : new MessageNoise({
        server,
        log: options.log,
        limits: options.floodLimits ?? DEFAULT_FLOOD_LIMITS,
        now: options.now,
        onFlood: stopFor,
      });
  const noise = (line: string): void => (stdio ? stdio.note(line) : httpNoise?.note(line));
  client.onerror = (error) => {
    // Our own reasons for stopping it (a flood, an oversized line) are always shown.
    if (error instanceof CodedError) {
      markTold(error);
      return options.log(`[${server}] ${redact(error.message)}`);
    }
    // Stopped by us (the person, or for what it sent), the server has no one to send an answer to;
    // the stop is the person's own doing, or its reason is already told. Over HTTP the session the
    // stop ends refuses the answer's POST, which the transport reports too (MCP 2025-11-25 basic/transports).
    if ((ownFailure !== undefined || stoppedByUs) && isUnsentMessage(error.message)) return;
    const text = sdkErrorLine(redact(error.message));
    // The SDK dropped an answer no request waits for: late, repeated, or to an id never sent.
    if (text.startsWith(UNKNOWN_ANSWER_PREFIX)) noise(`[${server}] ${unknownAnswerNote(text, clientParts(client)?.nextRequestId())}`);
    else noise(`[${server}] ${text.slice(0, 500)}`);
  };
  // MCP spec: server/tools#list-changed-notification (and the same for resources and prompts); on a
  // modern connection the same notifications arrive on its `subscriptions/listen` stream.
  client.setNotificationHandler('notifications/resources/updated', ({ params }) => options.onResourceUpdated?.(params.uri));
  client.setNotificationHandler('notifications/tools/list_changed', () => options.onListChanged('tools'));
  client.setNotificationHandler('notifications/resources/list_changed', () => options.onListChanged('resources'));
  client.setNotificationHandler('notifications/prompts/list_changed', () => options.onListChanged('prompts'));
  client.setNotificationHandler('notifications/message', ({ params }) =>
    options.onLog({ level: params.level, ...(params.logger !== undefined ? { logger: params.logger } : {}), data: params.data }),
  );
  // Its listen stream waits for its acknowledgement no longer than the start may take (nor 10 s).
  const subscriptions = new ResourceSubscriber(client, (line) => options.log(`[${server}] ${line}`), Math.min(options.startupTimeoutMs, LISTEN_ACK_MS));

  const close = (): Promise<void> => {
    if (!closing && (!stdio || (stdio.exit === undefined && stdio.failure === undefined))) stoppedByUs = true;
    closing ??= (async () => {
      if (http) {
        // Streamable HTTP: a client SHOULD end its session with DELETE; best effort, bounded.
        await Promise.race([http.terminateSession().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
      }
      await subscriptions.close();
      await client.close().catch(() => undefined);
      await transport.close().catch(() => undefined);
    })();
    return closing;
  };

  const context: ErrorContext = { server, phase: 'start', timeoutMs: options.startupTimeoutMs, ended };
  const written = stdio ? config : { ...(config as HttpServerConfig), url: options.writtenUrl ?? (config as HttpServerConfig).url };
  if (!stdio) context.url = redact((written as HttpServerConfig).url);
  try {
    const connect = (prior: PriorDiscovery | undefined): Promise<void> =>
      client.connect(transport, { timeout: options.startupTimeoutMs, signal: options.signal, ...(prior ? { prior } : {}) });
    await connectInEra({ server, config: written, era, eras: options.eras, client, connect, sessionRefused: () => expired });
    await subscriptions.open();
  } catch (error) {
    await close();
    // A program that wrote something else than JSON-RPC to stdout is most likely why (stray-stdout.ts).
    throw withStrayStdout(toPoolError(error, context), server, stdio?.firstStray(), ended());
  }
  // A 2026-07-28 server asks in its results: the pool answers those rounds itself, in the call's scope (server-rounds.ts).
  const answerInput = askOptions && client.getProtocolEra() === 'modern' ? inputAnswerer(sdk, askOptions) : undefined;
  const relist = options.relistTools;
  // Every 2026-07-28 call hands callTool the tool's definition, with or without asks: the SDK's own re-list after a header mismatch never runs (tool-rounds.ts).
  const toolRounds = client.getProtocolEra() === 'modern' ? new ToolRounds(client, sdk, listed, answerInput, relist ? { server, relist } : undefined) : undefined;
  const sessionExpired = (): boolean => expired;
  // Only a 2025-11-25 HTTP connection has a session (and a GET stream for it).
  const streamOpened = http && client.getProtocolEra() !== 'modern' ? (): boolean => opened : undefined;
  return { client, pid: stdio?.pid, ended, close, direct, protocol: client.getNegotiatedProtocolVersion(), subscriptions, answerInput, toolRounds, sessionExpired, streamOpened };
}
