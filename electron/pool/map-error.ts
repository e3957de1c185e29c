import type { SdkError, SdkHttpError } from '@modelcontextprotocol/client';
import { CodedError, errorMessage, fixInField } from '../../shared/errors';
import { clientSdkIfLoaded } from './client-sdk';
import { RateLimitedResponse } from './rate-limited-fetch';
import { boundedErrorOf } from './message-bound';
import { isProtocolError } from './rpc-codes';
import { StdinWriteError } from './stdin-write-error';
import { DeadlinePassed } from './deadline-hold';
import { ListenUnacknowledged, listenTimedOut } from './listen-unacknowledged';
import { endedError, WHILE_STARTING } from './ended-error';
import { coded, redactCoded } from './redacted-error';
import { shownAnswer } from './http-answer';
import { headersOverflow } from './headers-overflow';
import { unreachable } from './unreachable';
import { AnswerRefused } from './answer-refused';
import { invalidResult } from './invalid-result';
import type { ErrorContext } from './error-context';
import { rateLimited } from './rate-limited-error';
import { answerRefused, fromProtocolError } from './upstream-error';

export { endedError, floodedOf, type EndInfo } from './ended-error';
export { redactCoded } from './redacted-error';
export type { ErrorContext } from './error-context';

/** A start overtaken by a stop (or a config change that stopped it). */
export function stoppedWhileStarting(server: string): CodedError {
  return new CodedError('server_unavailable', `"${server}" was stopped while starting`, { hint: 'start it again' });
}

function codedCause(error: Error): CodedError | undefined {
  for (let e: unknown = error.cause, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof CodedError) return e;
  return undefined;
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
      data: { status, ...fixInField('url') },
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
        hint: ctx.ownTimeout === true ? `this call gave itself ${seconds} s: retry with a longer timeout (\`call --timeout MS\`, a program's timeoutMs)` : `retry, or raise ${raiseOf(ctx)} in mcp.json`,
        // An agent cannot edit mcp.json: the person can.
        ...(ctx.ownTimeout === true ? {} : { data: { agentHint: `retry later, or ask the person to raise ${raiseOf(ctx)} in mcp.json` } }),
      });
}

/** The mcp.json field that set a call's timeout. */
function raiseOf(ctx: ErrorContext): string {
  return ctx.raise ?? `"timeoutMs" of "${ctx.server}"`;
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
  if (error instanceof ListenUnacknowledged) return listenTimedOut(error, ctx);
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
