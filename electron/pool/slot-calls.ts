import type { Client, RequestOptions } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { isEnabled, isToolAllowed, type ServerConfig, isStdio } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { CallResultSchema, type CallResult } from '../../shared/api';
import { progressOf, withMeta } from './call-helpers';
import { pacedProgress, type PacedProgress } from './progress-pacer';
import type { Cancellation } from './cancellation';
import type { Connection } from './connection';
import { HeldDeadline, LONGEST_TIMER_MS, type HoldPoint } from './deadline-hold';
import { credentialFailureInResult } from './credential-failure';
import type { ErrorContext } from './map-error';
import { protocolErrorInResult } from './protocol-error-in-result';
import { throughRounds } from './server-rounds';
import type { CallOptions } from './types';

const RecordsSchema = z.array(z.record(z.string(), z.unknown()));

/** What a request may use of its connection beside the client: the direct path (stdio) and the era's subscriptions. */
export type ConnectionParts = Pick<Connection, 'direct' | 'subscriptions' | 'answerInput' | 'toolRounds'>;

/**
 * One request on a connected client; a ServerSlot runs it (start, idle hold, error mapping). `meta`:
 * what the request's `_meta` carries for its caller (a 2026-07-28 log level, call-logs.ts). `point`:
 * where a request its server may answer with a question puts its deadline, for the question to hold.
 */
export type Run<T> = (client: Client, request: RequestOptions, conn?: ConnectionParts, cancel?: Cancellation, meta?: Record<string, unknown>, point?: HoldPoint) => Promise<T>;

export function errorContext(
  name: string,
  config: ServerConfig,
  phase: ErrorContext['phase'],
  timeoutMs: number,
  conn: Connection | undefined,
  what?: string,
): ErrorContext {
  const context: ErrorContext = { server: name, phase, timeoutMs };
  if (what !== undefined) context.what = what;
  if (conn) context.ended = conn.ended;
  if (!isStdio(config)) context.url = redact(config.url);
  return context;
}

/** @throws CodedError denied when the server is disabled. */
export function assertEnabled(server: string, config: ServerConfig): void {
  if (isEnabled(config)) return;
  throw new CodedError('denied', redact(`"${server}" is disabled`), {
    hint: redact(`enable it: connected-services servers enable ${server} (or Enable in the app, or "enabled": true for "${server}" in mcp.json)`),
  });
}

/**
 * A call's progress listener, paced (progress-pacer.ts); a listener's failure is logged, not thrown
 * into the SDK. None when the caller asked for no progress.
 */
export function progressListener(server: string, options: CallOptions | undefined, log: (line: string) => void, now: () => number = Date.now): PacedProgress | undefined {
  const listener = options?.onProgress;
  if (!listener) return undefined;
  return pacedProgress((progress) => {
    try {
      listener(progress);
    } catch (error) {
      log(`[${server}] a progress listener failed: ${redact(String(error))}`);
    }
  }, now);
}

/**
 * The SDK's options for one request: its deadline, progress passed on. Without the caller's signal:
 * the SDK's path adds it (`withSignal`), the direct path (direct-calls.ts) listens on the cancellation
 * itself, so that no AbortSignal is made for it.
 */
export function requestOptions(timeoutMs: number, onProgress: PacedProgress | undefined): RequestOptions {
  // The SDK's request timeout sends notifications/cancelled when it fires (spec: basic/utilities/cancellation).
  // It is a deadline the person configured, so progress does not extend it.
  const sdkOptions: RequestOptions = { timeout: timeoutMs, resetTimeoutOnProgress: false };
  // The SDK asks for progress (sends a progressToken) only when onprogress is set.
  if (onProgress) sdkOptions.onprogress = (progress) => onProgress(progressOf(progress));
  return sdkOptions;
}

/** The SDK's options with the caller's signal (made now if it is a LazyAbort's). */
export function withSignal(sdkOptions: RequestOptions, cancel: Cancellation | undefined): RequestOptions {
  return cancel ? { ...sdkOptions, signal: cancel.signal } : sdkOptions;
}

/**
 * A request its server may answer with a question, sent through the SDK: its deadline is ours
 * (HeldDeadline, since the SDK's timer cannot be held), put at `point` while it runs, so that the
 * question holds it (deadline-hold.ts). Without a point, the SDK's own timer.
 */
async function holdable<T>(sdkOptions: RequestOptions, cancel: Cancellation | undefined, point: HoldPoint | undefined, send: (options: RequestOptions) => Promise<T>): Promise<T> {
  if (point === undefined || sdkOptions.timeout === undefined) return send(withSignal(sdkOptions, cancel));
  const deadline = new HeldDeadline(sdkOptions.timeout, cancel);
  point.deadline = deadline;
  try {
    return await send({ ...sdkOptions, timeout: LONGEST_TIMER_MS, signal: deadline.signal });
  } finally {
    deadline.stop();
    if (point.deadline === deadline) point.deadline = undefined;
  }
}

/** A tool the server's `tools` policy blocks; checked before anything starts, so it never spawns its server. */
export function toolRefusal(server: string, config: ServerConfig, tool: string): CodedError | undefined {
  if (isToolAllowed(config.tools, tool)) return undefined;
  return new CodedError('denied', redact(`tool "${tool}" of "${server}" is not allowed`), {
    hint: redact(`it is blocked by the "tools" policy of "${server}" in mcp.json`),
  });
}

/**
 * The SDK's tools/call result as ours. The SDK has already parsed it with its CallToolResultSchema
 * (content blocks, structuredContent, isError), which ours only loosens: parsed again only in the
 * shape that schema does not give (the SDK's older `toolResult` form), so a result is not copied twice.
 */
export function asCallResult(result: Record<string, unknown>): CallResult {
  const { content, structuredContent, isError } = result;
  const sdkShaped =
    Array.isArray(content) &&
    (structuredContent === undefined || (typeof structuredContent === 'object' && structuredContent !== null && !Array.isArray(structuredContent))) &&
    (isError === undefined || typeof isError === 'boolean');
  return sdkShaped ? (result as CallResult) : CallResultSchema.parse(result);
}

/**
 * tools/call the SDK's way. Only this path makes the caller's signal (a LazyAbort's AbortController):
 * the direct one needs none. A 2026-07-28 connection: its rounds answered in this call's scope,
 * output schemas checked by the pool (tool-rounds.ts).
 */
function toolCallThroughSdk(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  sdkOptions: RequestOptions,
  conn: ConnectionParts | undefined,
  cancel: Cancellation | undefined,
  meta: Record<string, unknown> | undefined,
  point: HoldPoint | undefined,
): Promise<Record<string, unknown>> {
  return holdable(sdkOptions, cancel, point, (options) =>
    conn?.toolRounds ? conn.toolRounds.call(tool, args, options, meta) : client.callTool(withMeta({ name: tool, arguments: args }, meta), options),
  );
}

/** tools/call; `context` names the call for a protocol error the server put in its result. */
export function toolCall(tool: string, args: Record<string, unknown>, context: ErrorContext, config: ServerConfig): Run<CallResult> {
  return async (client, sdkOptions, conn, cancel, meta, point) => {
    // Stdio without progress: past the SDK's request bookkeeping (direct-calls.ts); anything else through it.
    const direct = meta === undefined ? conn?.direct?.call(tool, args, sdkOptions, cancel, point) : undefined;
    const raw = direct ?? toolCallThroughSdk(client, tool, args, sdkOptions, conn, cancel, meta, point);
    const result = asCallResult(await raw);
    // A result with isError is the tool's own answer, passed on as a result; unless it is a protocol error in disguise.
    const protocolError = protocolErrorInResult(result, context);
    if (protocolError) throw protocolError;
    // A program whose own credentials failed says so in its result: that is a sign-in to redo.
    const credentialError = credentialFailureInResult(context.server, config, result);
    if (credentialError) throw credentialError;
    return result;
  };
}

export function resourceRead(uri: string): Run<{ contents: Record<string, unknown>[] }> {
  return async (client, sdkOptions, conn, cancel, meta, point) => {
    const answer = conn?.answerInput;
    const result = await holdable<{ contents: unknown }>(sdkOptions, cancel, point, (options) =>
      answer
        ? throughRounds<{ contents: unknown }>((answers) => client.readResource(withMeta({ uri, ...answers }, meta), { ...options, allowInputRequired: true }), answer, options.signal)
        : client.readResource(withMeta({ uri }, meta), options),
    );
    return { contents: RecordsSchema.parse(result.contents) };
  };
}

export function promptGet(prompt: string, args: Record<string, string>): Run<{ description?: string; messages: Record<string, unknown>[] }> {
  return async (client, sdkOptions, conn, cancel, meta, point) => {
    const answer = conn?.answerInput;
    const result = await holdable<{ description?: string | undefined; messages: unknown }>(sdkOptions, cancel, point, (options) =>
      answer
        ? throughRounds<{ description?: string; messages: unknown }>((answers) => client.getPrompt(withMeta({ name: prompt, arguments: args, ...answers }, meta), { ...options, allowInputRequired: true }), answer, options.signal)
        : client.getPrompt(withMeta({ name: prompt, arguments: args }, meta), options),
    );
    const out: { description?: string; messages: Record<string, unknown>[] } = { messages: RecordsSchema.parse(result.messages) };
    if (result.description !== undefined) out.description = result.description;
    return out;
  };
}

/** MCP 2025-11-25 server/utilities/completion: what a completion asks for, names as on the server. */
export interface CompletionParams {
  ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> };
}

/** At most 100 values (MCP 2025-11-25 §Completion: "maximum of 100 items"). */
const CompletionSchema = z.object({
  values: z.array(z.string()).max(100),
  total: z.number().int().min(0).optional(),
  hasMore: z.boolean().optional(),
});
export type Completion = z.infer<typeof CompletionSchema>;

export function completion(params: CompletionParams): Run<{ completion: Completion }> {
  return async (client, sdkOptions, _conn, cancel, meta) => {
    const result = await client.complete(withMeta(params, meta), withSignal(sdkOptions, cancel));
    return { completion: CompletionSchema.parse(result.completion) };
  };
}

/** resources/subscribe or resources/unsubscribe (MCP 2025-11-25 server/resources §Subscriptions), or the 2026-07-28 listen filter. */
export function resourceSubscription(uri: string, subscribe: boolean): Run<void> {
  return async (client, sdkOptions, conn, cancel) => {
    const options = withSignal(sdkOptions, cancel);
    if (conn) await (subscribe ? conn.subscriptions.subscribe(uri, options) : conn.subscriptions.unsubscribe(uri, options));
    else if (subscribe) await client.subscribeResource({ uri }, options);
    else await client.unsubscribeResource({ uri }, options);
  };
}
