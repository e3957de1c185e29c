import type { Client, JSONRPCMessage, ProgressCallback, RequestOptions } from '@modelcontextprotocol/client';
// The SDK parses results with zod mini's safeParse (server/zod-compat.js): the same failure (a $ZodError) from both paths.
import { safeParse } from 'zod/v4-mini';
import { DelayList, IdTable } from '../../shared/collections';
import { clientParts, type ClientParts } from '../mcp-wire';
import { stringIdAnswer, stringIdOf } from './invalid-answer';
import { invalidOutput, OutputValidators, type ListedTools, type OutputValidator } from './output-validators';
import type { Cancellation } from './cancellation';
import type { HoldPoint } from './deadline-hold';
import { PendingCall, type PendingCalls, type Reject, type Resolve } from './pending-call';
import type { ClientSdk } from './client-sdk';
import { RPC_ERROR } from './rpc-codes';

/** The SDK's default request timeout (shared/protocol.js DEFAULT_REQUEST_TIMEOUT_MSEC). */
const SDK_DEFAULT_TIMEOUT_MS = 60_000;

/** The stdio transport's side door (stdio-transport.ts): answers claimed in order, its close, an unwrapped write. */
export interface DirectTransport {
  claim: ((message: JSONRPCMessage) => boolean) | undefined;
  afterClose: (() => void) | undefined;
  write(message: JSONRPCMessage): Promise<void>;
}

function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: number } {
  return !('method' in message) && 'id' in message && typeof message.id === 'number';
}

const isProgress = (message: JSONRPCMessage): boolean => 'method' in message && message.method === 'notifications/progress' && !('id' in message);

/** A new promise's settling functions, taken by one executor for every call (it runs at once; no closure per call). */
let takenResolve: Resolve | undefined;
let takenReject: Reject | undefined;
function take(resolve: Resolve, reject: Reject): void {
  takenResolve = resolve;
  takenReject = reject;
}

/** Past this many timeouts (a list each) on a connection, lists no call waits on are dropped; the timeout is the server's, so one in practice. */
const MAX_DEADLINES = 8;

/**
 * tools/call on a stdio server without the SDK Client's `Protocol.request` (its promise, maps,
 * listeners and progress bookkeeping cost the bridge's hot path): written on our transport, its
 * answer claimed before the SDK sees it, the result parsed once with the SDK's CallToolResultSchema
 * and checked against the tool's output schema (as listed, compiled once with the SDK's validator),
 * as callTool does. Only on a 2025-era connection: a 2026-07-28 request carries the SDK's `_meta`. Ids come from the Client's own counter, so none can collide with its requests. Errors are
 * the SDK's (SdkError: timeout, connection closed; ProtocolError: error answers), so they map as before
 * (map-error.ts). Progress as the SDK's request asks for it: the call's id as its progressToken, the
 * server's notifications/progress for it (checked with the SDK's schema) to the caller's listener.
 * Anything else (a deadline progress would extend, an output schema that does not compile, an SDK
 * whose internals differ) returns undefined: the caller takes the SDK's path.
 */
export class DirectToolCalls implements PendingCalls {
  readonly #transport: DirectTransport;
  readonly #client: Client;
  /** The Client's internals a direct call needs (mcp-wire), or undefined: every call takes the SDK's path. */
  readonly #parts: ClientParts | undefined;
  readonly #sdk: ClientSdk;
  readonly #validators: OutputValidators;
  readonly #waiting = new IdTable<PendingCall>();
  /** The calls waiting, by their timeout (DelayList). */
  readonly #deadlines = new Map<number, DelayList<PendingCall>>();

  constructor(transport: DirectTransport, client: Client, sdk: ClientSdk, tools: ListedTools) {
    this.#transport = transport;
    this.#client = client;
    this.#parts = clientParts(client);
    this.#sdk = sdk;
    this.#validators = new OutputValidators(sdk.jsonSchemaValidator, tools);
    transport.claim = (message) => this.#claim(message);
    transport.afterClose = () => this.#closed();
  }

  /** Calls waiting for their answer. */
  get size(): number {
    return this.#waiting.size;
  }

  /** The raw result (not yet ours: see asCallResult), or undefined when this call must take the SDK's path. */
  call(tool: string, args: Record<string, unknown>, options: RequestOptions, cancel?: Cancellation, point?: HoldPoint): Promise<Record<string, unknown>> | undefined {
    const parts = this.#parts;
    // Progress that extends the deadline, or a total deadline: the SDK's timers keep those.
    if (parts === undefined || options.resetTimeoutOnProgress === true || options.maxTotalTimeout !== undefined) return undefined;
    // Closed: the SDK's path says so ("Not connected") as it always did.
    if (this.#client.transport === undefined) return undefined;
    if (this.#client.getProtocolEra() !== 'legacy') return undefined;
    const validator = this.#validators.of(tool);
    if (validator === 'uncompilable') return undefined;
    // As the SDK's throwIfAborted; options.signal is never read here (it would make an AbortSignal).
    if (cancel?.aborted) throw cancel.reason instanceof Error ? cancel.reason : new Error(String(cancel.reason));
    return this.#send(parts.takeRequestId(), tool, args, options.timeout ?? SDK_DEFAULT_TIMEOUT_MS, cancel, validator, options.onprogress, point);
  }

  #send(id: number, tool: string, args: Record<string, unknown>, timeout: number, cancel: Cancellation | undefined, validator: OutputValidator | undefined, onprogress: ProgressCallback | undefined, point: HoldPoint | undefined): Promise<Record<string, unknown>> {
    const promise = new Promise<Record<string, unknown>>(take);
    const resolve = takenResolve;
    const reject = takenReject;
    takenResolve = takenReject = undefined;
    if (!resolve || !reject) throw new Error('a promise executor did not run at once');
    const call = new PendingCall(this, id, tool, timeout, validator, this.#deadlinesOf(timeout), resolve, reject);
    this.#waiting.set(id, call);
    call.deadlines.add(call);
    if (point) {
      call.point = point;
      point.deadline = call;
    }
    // As Protocol.request cancels (spec: basic/utilities/cancellation): the server is told, the call rejects.
    if (cancel) call.removeAbort = cancel.onAbort(() => this.#cancel(call, cancel.reason));
    // As Protocol.request asks for progress (spec: basic/utilities/progress): the request's own id is the token.
    call.onprogress = onprogress;
    const params = onprogress ? { name: tool, arguments: args, _meta: { progressToken: id } } : { name: tool, arguments: args };
    this.#transport.write({ jsonrpc: '2.0', id, method: 'tools/call', params }).catch((error: unknown) => {
      this.#settle(call);
      call.reject(error instanceof Error ? error : new Error(String(error)));
    });
    return promise;
  }

  #deadlinesOf(timeout: number): DelayList<PendingCall> {
    let list = this.#deadlines.get(timeout);
    if (list) return list;
    if (this.#deadlines.size >= MAX_DEADLINES) for (const [ms, other] of this.#deadlines) if (other.size === 0) this.#deadlines.delete(ms);
    list = new DelayList<PendingCall>(timeout);
    this.#deadlines.set(timeout, list);
    return list;
  }

  /** No longer waiting: out of the table, its deadline and its cancellation. */
  #settle(call: PendingCall): void {
    if (this.#waiting.get(call.id) === call) this.#waiting.delete(call.id);
    call.deadlines.remove(call);
    call.removeAbort?.();
    call.removeAbort = undefined;
    if (call.held?.timer !== undefined) clearTimeout(call.held.timer);
    call.held = undefined;
    if (call.point?.deadline === call) call.point.deadline = undefined;
    call.point = undefined;
  }

  /** No longer waiting for its answer (answered, cancelled, timed out or closed). */
  settled(call: PendingCall): boolean {
    return this.#waiting.get(call.id) !== call;
  }

  /** A PendingCall's deadline passed (its DelayList's timer; not for other callers). */
  timedOut(call: PendingCall): void {
    const { SdkError, SdkErrorCode } = this.#sdk;
    this.#cancel(call, new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout: call.timeout }));
  }

  #cancel(call: PendingCall, reason: unknown): void {
    const { SdkError, SdkErrorCode } = this.#sdk;
    this.#settle(call);
    this.#transport
      .write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: call.id, reason: String(reason) } })
      .catch((error: unknown) => this.#client.onerror?.(new Error(`Failed to send cancellation: ${String(error)}`)));
    call.reject(reason instanceof Error ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason)));
  }

  #answer(call: PendingCall, message: JSONRPCMessage): void {
    const { ProtocolError, SdkError, SdkErrorCode } = this.#sdk;
    this.#settle(call);
    if ('error' in message) {
      call.reject(ProtocolError.fromError(message.error.code, message.error.message, message.error.data));
      return;
    }
    // The transport lets through only answers its schema passed, so this cannot come; if it did, the call must not hang.
    if (!('result' in message)) {
      call.reject(new ProtocolError(RPC_ERROR.InternalError, 'the server answered without a result'));
      return;
    }
    const parsed = safeParse(this.#sdk.schemas.CallToolResultSchema, message.result);
    if (!parsed.success) {
      // As the SDK's request rejects a result its schema refuses (SdkErrorCode.InvalidResult).
      call.reject(new SdkError(SdkErrorCode.InvalidResult, `Invalid result for tools/call: ${String(parsed.error)}`));
      return;
    }
    const invalid = invalidOutput(ProtocolError, call.tool, parsed.data, call.validator);
    if (invalid) call.reject(invalid);
    else call.resolve(parsed.data);
  }

  #claim(message: JSONRPCMessage): boolean {
    if (this.#waiting.size === 0) return false;
    if (!isAnswer(message)) return this.#wrongIdType(message) || (isProgress(message) && this.#progress(message));
    const call = this.#waiting.get(message.id);
    if (!call) return false;
    this.#answer(call, message);
    return true;
  }

  /** An answer to a waiting call whose id came back as a string: the call fails at once, saying so. */
  #wrongIdType(message: JSONRPCMessage): boolean {
    const id = stringIdOf(message);
    const call = id === undefined ? undefined : this.#waiting.get(id);
    if (!call) return false;
    this.#answer(call, stringIdAnswer(call.id));
    return true;
  }

  /**
   * A server's progress for a call of ours that asked for it, as Protocol's _onprogress hands it on:
   * its params without the token. Anything else (malformed, another token, a call that asked none,
   * one already answered) is the SDK's, which reports it as it always did.
   */
  #progress(message: JSONRPCMessage): boolean {
    const parsed = safeParse(this.#sdk.schemas.ProgressNotificationSchema, message);
    if (!parsed.success) return false;
    const { progressToken, ...progress } = parsed.data.params;
    const call = this.#waiting.get(Number(progressToken));
    const listener = call?.onprogress;
    if (listener === undefined) return false;
    try {
      listener(progress);
    } catch (error) {
      // As the SDK reports a notification handler's failure.
      this.#client.onerror?.(new Error(`Uncaught error in notification handler: ${String(error)}`));
    }
    return true;
  }

  /** After the SDK's own close: its pending requests got ConnectionClosed, and so do these. */
  #closed(): void {
    const { SdkError, SdkErrorCode } = this.#sdk;
    for (const call of [...this.#waiting.values()]) {
      this.#settle(call);
      call.reject(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
    }
  }
}
