import type { SdkError, SdkHttpError } from '@modelcontextprotocol/client';
import { CodedError, errorMessage } from '../../shared/errors';
import { oneLineSafe } from '../../shared/text';
import { clientSdkIfLoaded } from './client-sdk';
import { RateLimitedResponse } from './rate-limited-fetch';
import { boundedErrorOf } from './message-bound';
import { formatWait, retryAfterOfValue } from './retry-after';
import { isProtocolError, RPC_ERROR, type ProtocolErrorLike } from './rpc-codes';
import { StdinWriteError } from './stdin-write-error';
import { DeadlinePassed } from './deadline-hold';
import { unknownName } from './unknown-name';
import { endedError, WHILE_STARTING, type EndInfo } from './ended-error';
import { coded, redactCoded } from './redacted-error';
import { shownAnswer } from './http-answer';
import { headersOverflow } from './headers-overflow';
import { unreachable } from './unreachable';
import { AnswerRefused, answered } from './answer-refused';
import { isInvalidAnswerText } from './invalid-answer';
import { invalidResult } from './invalid-result';

export { endedError, floodedOf, type EndInfo } from './ended-error';
export { redactCoded } from './redacted-error';

/** What is known about a connection when one of its requests fails. */
export interface ErrorContext {
  server: string;
  phase: 'start' | 'call';
  /** What was being done, e.g. `tool "echo"`. */
  what?: string;
  timeoutMs: number;
  /** The mcp.json field that set `timeoutMs` (callTimeout), for a timeout's hint; default the server's "timeoutMs". */
  raise?: string;
  /** The caller gave this call its own `timeoutMs` (`call --timeout`, a program's option): mcp.json did not set it. */
  ownTimeout?: boolean;
  /** For http servers. */
  url?: string;
  /** For stdio servers: why the connection ended, once it has. */
  ended?: () => EndInfo | undefined;
}

/** A start overtaken by a stop (or a config change that stopped it). */
export function stoppedWhileStarting(server: string): CodedError {
  return new CodedError('server_unavailable', `"${server}" was stopped while starting`, { hint: 'start it again' });
}

function codedCause(error: Error): CodedError | undefined {
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof CodedError) return e;
  return undefined;
}

/** The server's own text, without the SDK's `MCP error <code>: ` prefixes, its controls escaped (a message may reach a terminal). */
function serverText(error: ProtocolErrorLike): string {
  return oneLineSafe(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 500));
}

/** What was asked, cut to a readable length: a 10,000-character name is said once, in part. */
function clipped(what: string): string {
  return what.length > 200 ? `${what.slice(0, 200)}…` : what;
}

/** How the SDK client's output-schema check words a result that breaks the tool's listed output schema. */
const BROKEN_OUTPUT = /^Structured content does not match the tool's output schema\b/;
/** How the SDK client refuses, before sending it, a call of a tool whose listed output schema its validator cannot compile. */
const UNCOMPILABLE_OUTPUT = /^Tool '[\s\S]*' has an invalid outputSchema: /;
/**
 * How the SDK words a result its own schema refuses (`Invalid tools/call result: [zod issues]`), as a
 * server built on it answers when its handler returned one (-32602 there too): the server's fault.
 */
const REFUSED_RESULT = /^Invalid (?:result for )?[a-z]+\/[a-zA-Z]+(?: result)?:/;

/** The listing that shows what a server offers of the kind asked for (`resource x` → `resources`). */
function listingOf(what: string | undefined): string {
  if (what?.startsWith('resource')) return 'resources';
  if (what?.startsWith('prompt')) return 'prompts';
  return 'tools';
}

/** -32602: an unknown name (not_found) or arguments that do not fit the input schema (invalid_input). */
function invalidParams(error: ProtocolErrorLike, ctx: ErrorContext, data: Record<string, unknown>): CodedError {
  const text = clipped(serverText(error));
  const what = clipped(ctx.what ?? 'the request');
  // Judged on the whole text: cut, a long name's `not found` would be gone.
  if (unknownName(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 20_000), ctx.what)) {
    return coded('not_found', `"${ctx.server}" has no ${what}: ${text}`, {
      // The CLI and the bridge ask only for names of the last listing (when there is one): the server's has changed since.
      hint: `run \`connected-services ${listingOf(ctx.what)} ${ctx.server} --refresh\` to see what it offers now (its ${listingOf(ctx.what)} may have changed since they were listed)`,
      data,
    });
  }
  // The SDK client's own output check (output-validators.ts) also says -32602: the server's fault, not the arguments'.
  if (BROKEN_OUTPUT.test(text)) {
    return coded('internal', `"${ctx.server}" answered ${what} with a result that breaks its own output schema: ${text}`, {
      hint: `the server's structured result does not fit the output schema it lists (\`connected-services tools ${ctx.server} --json\` shows it); tell the server's maintainers`,
      data,
    });
  }
  if (UNCOMPILABLE_OUTPUT.test(text)) {
    return coded('internal', `"${ctx.server}" lists ${what} with an output schema that cannot be compiled, so the call was not sent: ${text}`, {
      hint: `the server's tool declares an output schema its results cannot be checked against (\`connected-services tools ${ctx.server} --json\` shows it); tell the server's maintainers`,
      data: { ...data, agentHint: "the server, not your arguments, is at fault: calling again will not help until its maintainers fix the tool's output schema" },
    });
  }
  if (REFUSED_RESULT.test(text)) {
    // The issues' JSON, one line: its breaks as spaces, not escapes.
    const issues = clipped(oneLineSafe(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 2000).replace(/\s+/g, ' ')));
    return coded('internal', `"${ctx.server}" answered ${what} with a result MCP does not allow: ${issues}`, {
      hint: `the server built a malformed result (not the arguments' fault); tell the server's maintainers`,
      data: { ...data, agentHint: 'the server, not your arguments, is at fault: calling again with other arguments will not help' },
    });
  }
  const against = listingOf(ctx.what) === 'tools' ? 'the input schema' : 'what it takes';
  return coded('invalid_input', `"${ctx.server}" rejected the arguments of ${what}: ${text}`, {
    hint: `check the arguments against ${against} (\`connected-services ${listingOf(ctx.what)} ${ctx.server} --json\` shows it)`,
    // An agent fixes its own arguments: it has the schema from its listing or a search.
    data: { ...data, agentHint: listingOf(ctx.what) === 'tools' ? "fix the arguments to fit the tool's input schema (tools/list or search_tools shows it), then call again" : `fix the arguments to fit what ${listingOf(ctx.what)}/list says it takes, then call again` },
  });
}

/** -32602 to a request sent again with answers: the server refused an answer, not the arguments it had taken. */
function answerRefused(error: AnswerRefused, ctx: ErrorContext): CodedError {
  const what = clipped(ctx.what ?? 'the request');
  return coded('invalid_input', `"${ctx.server}" refused ${answered(error.asked)} during ${what}: ${clipped(serverText(error.serverError))}`, {
    hint: `the arguments were accepted: run ${what} again and give an answer that fits what "${ctx.server}" asks`,
    data: { mcpCode: error.serverError.code },
  });
}

/**
 * `rate_limited`, with the wait the server asked for (when it said one) in the message, the hint and
 * `data.retryAfterMs`, which agents (agent-errors.ts) and `--json` receive as a number.
 */
function rateLimited(ctx: ErrorContext, how: string, retryAfterMs: number | undefined, data: Record<string, unknown>): CodedError {
  if (retryAfterMs === undefined) {
    return coded('rate_limited', `"${ctx.server}" is rate limiting requests ${how}`, { hint: 'wait a moment and retry', data });
  }
  const wait = formatWait(retryAfterMs);
  return coded('rate_limited', `"${ctx.server}" is rate limiting requests ${how}; retry after ${wait}`, {
    hint: `wait ${wait}, then retry`,
    data: { ...data, retryAfterMs },
  });
}

/** The `retry_after` (seconds) a server's JSON-RPC error carries in its `data`, as a bounded wait. */
function retryAfterInData(error: ProtocolErrorLike): number | undefined {
  const data = error.data;
  if (data === null || typeof data !== 'object' || !('retry_after' in data)) return undefined;
  return retryAfterOfValue(data.retry_after, Date.now());
}

function httpError(error: SdkHttpError, ctx: ErrorContext): CodedError {
  const status = error.status;
  const url = ctx.url ?? 'its URL';
  if (status === 401 || status === 403) {
    return coded('auth_required', `"${ctx.server}" refused the credentials (HTTP ${status})`, {
      hint: `run \`connected-services connect ${ctx.server}\``,
      data: { status },
    });
  }
  if (status === 429) return rateLimited(ctx, '(HTTP 429)', undefined, { status });
  if (status === 404) {
    return coded('server_unavailable', `no MCP endpoint (or no such session) at ${url} (HTTP 404)`, {
      hint: `check the "url" of "${ctx.server}" in mcp.json; retrying starts a new session`,
      data: { status },
    });
  }
  return coded('server_unavailable', `"${ctx.server}" answered HTTP ${status}${shownAnswer(error.message)}`, {
    hint: `is the server running at ${url}?`,
    data: { status },
  });
}

/** The SDK's own timeout: the start or the call did not answer in time (and was cancelled). */
function timedOut(ctx: ErrorContext): CodedError {
  const seconds = ctx.timeoutMs / 1000;
  return ctx.phase === 'start'
    ? coded('timeout', `"${ctx.server}" did not finish starting within ${seconds} s`, {
        // An HTTP server has no command: what to check is its address and what it answers there.
        hint: `${ctx.url === undefined ? 'check that its command runs an MCP server' : `check that ${ctx.url} is an MCP endpoint whose answer to initialize ends (a JSON body, or an event stream with that answer)`} (run \`connected-services doctor\`), or raise "startupTimeoutMs" of "${ctx.server}" in mcp.json`,
      })
    : coded('timeout', `${ctx.what ?? 'the call'} on "${ctx.server}" did not answer within ${seconds} s and was cancelled`, {
        hint: ctx.ownTimeout === true ? `this call gave itself ${seconds} s: retry with a longer timeout (\`call --timeout MS\`, a program's timeoutMs)` : `retry, or raise ${ctx.raise ?? `"timeoutMs" of "${ctx.server}"`} in mcp.json`,
      });
}

/**
 * The SDK's local failures (SdkError: never a server's answer): a timeout, a closed connection, a
 * failed era negotiation, an HTTP status its transport refused.
 */
function fromSdkError(error: SdkError, ctx: ErrorContext, during: string): CodedError {
  // The SDK's codes as strings (SdkErrorCode's values), so comparing one loads nothing.
  const code: string = error.code;
  switch (code) {
    case 'REQUEST_TIMEOUT':
      return timedOut(ctx);
    case 'CONNECTION_CLOSED':
    case 'NOT_CONNECTED':
      return endedError(ctx.server, ctx.ended?.(), during);
    case 'CLIENT_HTTP_AUTHENTICATION':
    case 'CLIENT_HTTP_FORBIDDEN':
      return coded('auth_required', `"${ctx.server}" refused the credentials ${during}`, { hint: `run \`connected-services connect ${ctx.server}\`` });
    case 'ERA_NEGOTIATION_FAILED': {
      // The probe is the first request: a server that cannot be reached fails here, and no revision was asked.
      const noAnswer = ctx.url === undefined ? undefined : unreachable(error, { server: ctx.server, url: ctx.url });
      if (noAnswer) return noAnswer;
      return coded('server_unavailable', `"${ctx.server}" and Connected Services found no MCP revision both speak: ${error.message.slice(0, 300)}`, {
        hint: `set "protocol" of "${ctx.server}" in mcp.json to "auto", "2026-07-28" or "2025-11-25" as the server's documentation says`,
      });
    }
    case 'INVALID_RESULT':
      return invalidResult(error.message, ctx.server) ?? coded('internal', `"${ctx.server}" failed ${during}: ${error.message.slice(0, 300)}`, { cause: error, data: { sdkCode: error.code } });
    default:
      return coded('internal', `"${ctx.server}" failed ${during}: ${error.message.slice(0, 300)}`, { cause: error, data: { sdkCode: error.code } });
  }
}

/** A JSON-RPC error the server answered. */
function fromProtocolError(error: ProtocolErrorLike, ctx: ErrorContext, during: string): CodedError {
  const data = { mcpCode: error.code };
  // A server that says how long to wait is rate limiting us, whatever code it chose.
  const retryAfterMs = retryAfterInData(error);
  if (retryAfterMs !== undefined) return rateLimited(ctx, `${during}: ${serverText(error)}`, retryAfterMs, data);
  if (error.code === RPC_ERROR.InvalidParams) return invalidParams(error, ctx, data);
  if (error.code === RPC_ERROR.MethodNotFound) {
    return coded('not_found', `"${ctx.server}" does not support this: ${serverText(error)}`, {
      hint: `run \`connected-services ${listingOf(ctx.what)} ${ctx.server}\` to see what it offers`,
      data,
    });
  }
  if (error.code === RPC_ERROR.InternalError && isInvalidAnswerText(serverText(error))) {
    // Our words in place of a malformed answer: no error of the server's, and no retry mends it.
    return coded('internal', `"${ctx.server}" broke JSON-RPC ${during}: ${serverText(error)}`, {
      hint: `the server's answer is not valid JSON-RPC, so none of it is used; tell the maintainers of "${ctx.server}"`,
      data,
    });
  }
  return coded('internal', `"${ctx.server}" answered with an error ${during}: ${serverText(error)}`, {
    hint: 'the server reported this error itself; check its log or its service, then retry',
    data,
  });
}

/** The SDK's refusal of the revision a server's initialize answer names (Lifecycle §Version Negotiation). */
const UNSUPPORTED_REVISION = /^Server's protocol version is not supported: ([^]*)$/;

function unsupportedRevision(error: unknown, server: string): CodedError | undefined {
  const revision = error instanceof Error ? UNSUPPORTED_REVISION.exec(error.message)?.[1] : undefined;
  if (revision === undefined) return undefined;
  // A server answers with another revision than the one offered only when it does not speak that one.
  return coded('server_unavailable', `"${server}" answered initialize with MCP revision ${JSON.stringify(revision.slice(0, 100))}, which Connected Services does not speak: they found no MCP revision both speak`, {
    hint: `update "${server}" to a release for a current MCP revision (2025-11-25 or 2026-07-28), or ask its maintainers`,
  });
}

/** Turns anything thrown by the SDK, a transport or a fetch into a redacted CodedError with a hint. */
export function toPoolError(error: unknown, ctx: ErrorContext): CodedError {
  const during = ctx.phase === 'start' ? WHILE_STARTING : `during ${ctx.what ?? 'a call'}`;
  // Our own held deadline (deadline-hold.ts) passed while the request was not inside the SDK (between two rounds).
  if (error instanceof DeadlinePassed) return timedOut(ctx);
  if (error instanceof StdinWriteError) {
    // How the server ended says more than the broken pipe that showed it.
    const info = ctx.ended?.();
    if (info?.exit !== undefined || info?.failure !== undefined) return endedError(ctx.server, info, during);
  }
  if (error instanceof CodedError) return redactCoded(error);
  // Under whichever wrapper (the SDK's era probe, its POST, fetch's "fetch failed").
  const overflow = headersOverflow(error, ctx.server, ctx.url);
  if (overflow) return overflow;
  const sdk = clientSdkIfLoaded();
  if (sdk && sdk.UnauthorizedError.isInstance(error)) {
    return coded('auth_required', `"${ctx.server}" needs authorization`, { hint: `run \`connected-services connect ${ctx.server}\`` });
  }
  if (error instanceof RateLimitedResponse) return rateLimited(ctx, '(HTTP 429)', error.retryAfterMs, { status: error.status });
  if (sdk && sdk.SdkHttpError.isInstance(error) && typeof error.data?.status === 'number') return httpError(error, ctx);
  if (sdk && sdk.SdkError.isInstance(error)) {
    // Our own reason under the SDK's (a sign-in the fetch found missing during the era probe) says more.
    const ours = codedCause(error);
    return ours ? redactCoded(ours) : fromSdkError(error, ctx, during);
  }
  if (error instanceof AnswerRefused) return boundedErrorOf(error.serverError, ctx.server) ?? answerRefused(error, ctx);
  if (isProtocolError(error)) return boundedErrorOf(error, ctx.server) ?? fromProtocolError(error, ctx, during);
  const noAnswer = ctx.url === undefined ? undefined : unreachable(error, { server: ctx.server, url: ctx.url });
  if (noAnswer) return noAnswer;
  // Before how it ended: the SDK closes the connection on this answer, which would read as a stop of ours.
  const revision = unsupportedRevision(error, ctx.server);
  if (revision) return revision;
  const info = ctx.ended?.();
  if (info !== undefined) return endedError(ctx.server, info, during);
  const message = errorMessage(error);
  if (ctx.url !== undefined && error instanceof TypeError) {
    return coded('server_unavailable', `could not reach "${ctx.server}" at ${ctx.url}: ${message}`, {
      hint: `is the server running at ${ctx.url}?`,
    });
  }
  return coded('internal', `"${ctx.server}" failed ${during}: ${message}`, { cause: error });
}
