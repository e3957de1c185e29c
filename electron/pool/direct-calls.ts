import type { Client, JSONRPCMessage, RequestOptions } from '@modelcontextprotocol/client';
// The SDK parses results with zod mini's safeParse (server/zod-compat.js): the same failure (a $ZodError) from both paths.
import { safeParse } from 'zod/v4-mini';
import { IdTable } from '../../shared/collections';
import { clientParts, type ClientParts } from '../mcp-wire';
import { invalidOutput, OutputValidators, type ListedTools, type OutputValidator } from './output-validators';
import type { Cancellation } from './cancellation';
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

interface Waiter {
  answer(message: JSONRPCMessage): void;
  fail(error: Error): void;
}

function isAnswer(message: JSONRPCMessage): message is JSONRPCMessage & { id: number } {
  return !('method' in message) && 'id' in message && typeof message.id === 'number';
}

/**
 * tools/call on a stdio server without the SDK Client's `Protocol.request` (its promise, maps,
 * listeners and progress bookkeeping cost the bridge's hot path): written on our transport, its
 * answer claimed before the SDK sees it, the result parsed once with the SDK's CallToolResultSchema
 * and checked against the tool's output schema (as listed, compiled once with the SDK's validator),
 * as callTool does. Only on a 2025-era connection: a 2026-07-28 request carries the SDK's `_meta`. Ids come from the Client's own counter, so none can collide with its requests. Errors are
 * the SDK's (SdkError: timeout, connection closed; ProtocolError: error answers), so they map as before
 * (map-error.ts). Anything else (progress, an output schema that does not compile, an SDK whose
 * internals differ) returns undefined: the caller takes the SDK's path.
 */
export class DirectToolCalls {
  readonly #transport: DirectTransport;
  readonly #client: Client;
  /** The Client's internals a direct call needs (mcp-wire), or undefined: every call takes the SDK's path. */
  readonly #parts: ClientParts | undefined;
  readonly #sdk: ClientSdk;
  readonly #validators: OutputValidators;
  readonly #waiting = new IdTable<Waiter>();

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
  call(tool: string, args: Record<string, unknown>, options: RequestOptions, cancel?: Cancellation): Promise<Record<string, unknown>> | undefined {
    const parts = this.#parts;
    if (options.onprogress !== undefined || parts === undefined) return undefined;
    // Closed: the SDK's path says so ("Not connected") as it always did.
    if (this.#client.transport === undefined) return undefined;
    if (this.#client.getProtocolEra() !== 'legacy') return undefined;
    const validator = this.#validators.of(tool);
    if (validator === 'uncompilable') return undefined;
    // As the SDK's throwIfAborted; options.signal is never read here (it would make an AbortSignal).
    if (cancel?.aborted) throw cancel.reason instanceof Error ? cancel.reason : new Error(String(cancel.reason));
    return this.#send(parts.takeRequestId(), tool, args, options.timeout ?? SDK_DEFAULT_TIMEOUT_MS, cancel, validator);
  }

  #send(id: number, tool: string, args: Record<string, unknown>, timeout: number, cancel: Cancellation | undefined, validator: OutputValidator | undefined): Promise<Record<string, unknown>> {
    const { ProtocolError, SdkError, SdkErrorCode } = this.#sdk;
    const { CallToolResultSchema } = this.#sdk.schemas;
    return new Promise((resolve, reject) => {
      const settle = (): void => {
        this.#waiting.delete(id);
        clearTimeout(timer);
        removeAbort?.();
      };
      // As Protocol.request cancels (spec: basic/utilities/cancellation): the server is told, the call rejects.
      const cancelCall = (reason: unknown): void => {
        settle();
        this.#transport
          .write({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: String(reason) } })
          .catch((error: unknown) => this.#client.onerror?.(new Error(`Failed to send cancellation: ${String(error)}`)));
        reject(reason instanceof Error ? reason : new SdkError(SdkErrorCode.RequestTimeout, String(reason)));
      };
      const onAbort = (): void => cancelCall(cancel?.reason);
      // A deadline the person configured: nothing extends it (no progress is asked on this path).
      const timer = setTimeout(() => cancelCall(new SdkError(SdkErrorCode.RequestTimeout, 'Request timed out', { timeout })), timeout);
      this.#waiting.set(id, {
        answer: (message) => {
          settle();
          if ('error' in message) {
            reject(ProtocolError.fromError(message.error.code, message.error.message, message.error.data));
            return;
          }
          // The transport lets through only answers its schema passed, so this cannot come; if it did, the call must not hang.
          if (!('result' in message)) {
            reject(new ProtocolError(RPC_ERROR.InternalError, 'the server answered without a result'));
            return;
          }
          const parsed = safeParse(CallToolResultSchema, message.result);
          if (!parsed.success) {
            // As the SDK's request rejects a result its schema refuses (SdkErrorCode.InvalidResult).
            reject(new SdkError(SdkErrorCode.InvalidResult, `Invalid result for tools/call: ${String(parsed.error)}`));
            return;
          }
          const invalid = invalidOutput(ProtocolError, tool, parsed.data, validator);
          if (invalid) reject(invalid);
          else resolve(parsed.data);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
      const removeAbort = cancel?.onAbort(onAbort);
      this.#transport.write({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: args } }).catch((error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }

  #claim(message: JSONRPCMessage): boolean {
    if (this.#waiting.size === 0 || !isAnswer(message)) return false;
    const waiter = this.#waiting.get(message.id);
    if (!waiter) return false;
    waiter.answer(message);
    return true;
  }

  /** After the SDK's own close: its pending requests got ConnectionClosed, and so do these. */
  #closed(): void {
    const { SdkError, SdkErrorCode } = this.#sdk;
    for (const waiter of [...this.#waiting.values()]) waiter.fail(new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed'));
  }
}
