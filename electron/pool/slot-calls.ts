import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { z } from 'zod';
import { DEFAULT_TIMEOUT_MS, isToolAllowed, type ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { CallResultSchema, type CallResult } from '../../shared/api';
import { cancelledError, progressOf, untilAborted } from './call-helpers';
import type { Connection } from './connection';
import { protocolErrorInResult, toPoolError, type ErrorContext } from './map-error';
import type { CallOptions } from './types';
import type { RunningCalls } from './running-calls';

const RecordsSchema = z.array(z.record(z.string(), z.unknown()));

/** What a call needs of its server slot. */
export interface CallHost {
  readonly name: string;
  readonly config: () => ServerConfig;
  readonly log: (line: string) => void;
  /** @throws CodedError denied when the server is disabled. */
  assertEnabled(): void;
  /** The running connection, started lazily. */
  connect(): Promise<Connection>;
  /** A use of the server begins (it is not stopped for idleness until the returned release). */
  use(): () => void;
  /** A call failed: the host may drop a broken session. */
  callFailed(conn: Connection, error: CodedError): void;
  /** The calls running now: a server's request goes to the asker of its call. */
  readonly calls: RunningCalls;
}

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
  if (!('command' in config)) context.url = redact(config.url);
  return context;
}

async function request<T>(
  host: CallHost,
  what: string,
  options: CallOptions | undefined,
  run: (client: Client, request: RequestOptions) => Promise<T>,
): Promise<T> {
  host.assertEnabled();
  const signal = options?.signal;
  if (signal?.aborted) throw cancelledError(host.name, what, signal);
  // Held from before the start until the result (progress included): never stopped mid-call.
  const release = host.use();
  const end = host.calls.begin(options?.asker, what);
  try {
    return await requestInUse(host, what, options, run);
  } finally {
    end();
    release();
  }
}

async function requestInUse<T>(
  host: CallHost,
  what: string,
  options: CallOptions | undefined,
  run: (client: Client, request: RequestOptions) => Promise<T>,
): Promise<T> {
  const signal = options?.signal;
  const conn = await untilAborted(host.connect(), signal, () => cancelledError(host.name, what, signal));
  const timeoutMs = options?.timeoutMs ?? host.config().timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The SDK's request timeout sends notifications/cancelled when it fires (spec: basic/utilities/cancellation).
  // It is a deadline the person configured, so progress does not extend it.
  const sdkOptions: RequestOptions = { timeout: timeoutMs, resetTimeoutOnProgress: false };
  if (signal) sdkOptions.signal = signal;
  const onProgress = options?.onProgress;
  // The SDK asks for progress (sends a progressToken) only when onprogress is set.
  if (onProgress) {
    sdkOptions.onprogress = (progress) => {
      try {
        onProgress(progressOf(progress));
      } catch (error) {
        host.log(`[${host.name}] a progress listener failed: ${redact(String(error))}`);
      }
    };
  }
  try {
    return await run(conn.client, sdkOptions);
  } catch (error) {
    if (signal?.aborted) throw cancelledError(host.name, what, signal);
    const coded = toPoolError(error, errorContext(host.name, host.config(), 'call', timeoutMs, conn, what));
    host.callFailed(conn, coded);
    throw coded;
  }
}

export function callTool(host: CallHost, tool: string, args: Record<string, unknown>, options?: CallOptions): Promise<CallResult> {
  host.assertEnabled();
  // Checked before anything starts: a denied tool never spawns its server.
  if (!isToolAllowed(host.config().tools, tool)) {
    return Promise.reject(
      new CodedError('denied', redact(`tool "${tool}" of "${host.name}" is not allowed`), {
        hint: redact(`it is blocked by the "tools" policy of "${host.name}" in mcp.json`),
      }),
    );
  }
  const what = `tool "${tool}"`;
  return request(host, what, options, async (client, sdkOptions) => {
    const result = CallResultSchema.parse(await client.callTool({ name: tool, arguments: args }, undefined, sdkOptions));
    // A result with isError is the tool's own answer, passed on as a result; unless it is a protocol error in disguise.
    const protocolError = protocolErrorInResult(result, errorContext(host.name, host.config(), 'call', 0, undefined, what));
    if (protocolError) throw protocolError;
    return result;
  });
}

export function readResource(host: CallHost, uri: string, options?: CallOptions): Promise<{ contents: Record<string, unknown>[] }> {
  return request(host, `resource ${uri}`, options, async (client, sdkOptions) => {
    const result = await client.readResource({ uri }, sdkOptions);
    return { contents: RecordsSchema.parse(result.contents) };
  });
}

export function getPrompt(
  host: CallHost,
  prompt: string,
  args: Record<string, string>,
  options?: CallOptions,
): Promise<{ description?: string; messages: Record<string, unknown>[] }> {
  return request(host, `prompt "${prompt}"`, options, async (client, sdkOptions) => {
    const result = await client.getPrompt({ name: prompt, arguments: args }, sdkOptions);
    const out: { description?: string; messages: Record<string, unknown>[] } = { messages: RecordsSchema.parse(result.messages) };
    if (result.description !== undefined) out.description = result.description;
    return out;
  });
}
