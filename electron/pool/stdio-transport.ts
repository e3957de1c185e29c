import { spawn as nodeSpawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { SpawnLike as ProcessSpawnLike } from '../proc-env';
import { loadSdkSchemas } from './client-sdk';
import { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './flood-budget';
import { LineSplitter } from './line-splitter';
import { MessagePump } from './message-pump';
import { parseRpcMessage, type RpcSchemas } from './rpc-message';
import { unsendable } from './settle-failed-sends';
import { endGroup } from './process-group';
import { ServerOutput } from './server-output';
import { StdinWriteError } from './stdin-write-error';

export { STDERR_TAIL_BYTES } from './server-output';
export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_STOP_GRACE_MS = 2000;
/** Messages read but not yet handled; a server that outruns its client by more is stopped. */
export const MAX_QUEUED_MESSAGES = 10_000;
const OPEN_BRACE = 0x7b;

/** proc-env's SpawnLike with piped stdio: a server speaks MCP on stdin/stdout. */
/** As the SDK's stdio transport frames a message (shared/stdio.js): one line of JSON. */
function serializeMessage(message: JSONRPCMessage): string {
  return JSON.stringify(message) + '\n';
}

export type SpawnLike = ProcessSpawnLike<SpawnOptionsWithoutStdio, ChildProcessWithoutNullStreams>;

export interface StdioTransportOptions {
  /** The server's name, for messages. */
  server: string;
  command: string;
  args: readonly string[];
  cwd?: string | undefined;
  /** The child's whole environment (see minimalEnv). */
  env: Record<string, string>;
  maxMessageBytes?: number;
  /** SIGTERM → SIGKILL grace. */
  stopGraceMs?: number;
  log?: ((line: string) => void) | undefined;
  /** Budgets for stderr and stray stdout lines; default DEFAULT_FLOOD_LIMITS. */
  floodLimits?: FloodLimits | undefined;
  now?: (() => number) | undefined;
  spawn?: SpawnLike;
  platform?: NodeJS.Platform;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * MCP stdio transport (spec: basic/transports#stdio) that owns its child: own process group on
 * POSIX so stopping it also stops what it spawned, a caller-built environment, a bounded read
 * buffer, stderr and stray stdout within a budget (ServerOutput), and the tail of stderr for error
 * messages. A failed send rejects with a CodedError (see settleFailedSends for what the SDK leaves).
 */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Takes a server's answer before the SDK sees it, in order with the other messages (direct-calls.ts). */
  claim: ((message: JSONRPCMessage) => boolean) | undefined;
  /** Runs after onclose: what waits for answers outside the SDK fails as the SDK's own requests do. */
  afterClose: (() => void) | undefined;

  readonly #options: StdioTransportOptions;
  readonly #platform: NodeJS.Platform;
  readonly #grace: number;
  readonly #stdout: LineSplitter;
  readonly #output: ServerOutput;
  #child: ChildProcessWithoutNullStreams | undefined;
  #exit: ExitInfo | undefined;
  #exited: Promise<void> | undefined;
  #failure: CodedError | undefined;
  #closing: Promise<void> | undefined;
  #finished = false;
  #markFinished: () => void = () => undefined;
  readonly #finishedPromise = new Promise<void>((resolve) => (this.#markFinished = resolve));
  #finishTimer: NodeJS.Timeout | undefined;
  /** Messages (and finally the close) on their way to the SDK, in order. */
  readonly #pump = new MessagePump((error) => this.onerror?.(error));
  #started = false;
  /** The SDK's message schemas, loaded by start(): nothing arrives before the child exists. */
  #schemas: RpcSchemas<JSONRPCMessage> | undefined;

  constructor(options: StdioTransportOptions) {
    this.#options = options;
    this.#platform = options.platform ?? process.platform;
    this.#grace = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.#stdout = new LineSplitter(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
    this.#output = new ServerOutput({
      server: options.server,
      log: options.log,
      limits: options.floodLimits ?? DEFAULT_FLOOD_LIMITS,
      now: options.now ?? Date.now,
      onFlood: (error) => this.#fail(error),
    });
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the child ended, once it has. */
  get exit(): ExitInfo | undefined {
    return this.#exit;
  }

  /** Why we closed the child ourselves (e.g. an oversized message), if we did. */
  get failure(): CodedError | undefined {
    return this.#failure;
  }

  /** True once close() was called: an exit after that is not a crash. */
  get closing(): boolean {
    return this.#closing !== undefined;
  }

  /** The last few KiB of stderr: whole lines, redacted. */
  stderrTail(): string {
    return this.#output.tail();
  }

  /** A diagnostic the server's stdout caused (e.g. an answer to an unknown request), within the stdout budget. */
  note(line: string): void {
    this.#output.noise(line);
  }

  start(): Promise<void> {
    if (this.#started) return Promise.reject(new Error('StdioProcessTransport already started'));
    this.#started = true;
    // The SDK's schemas load with the first server started, not at the app's start-up.
    return loadSdkSchemas().then((schemas) => {
      this.#schemas = schemas;
      // Closed while loading: nothing may be spawned that no one will stop.
      if (this.closing) throw new CodedError('server_unavailable', redact(`"${this.#options.server}" was closed before it started`), { hint: 'start it again' });
      return this.#spawn();
    });
  }

  #spawn(): Promise<void> {
    const { command, args, cwd, env } = this.#options;
    const spawn: SpawnLike = this.#options.spawn ?? nodeSpawn;
    return new Promise<void>((resolve, reject) => {
      const spawnOptions: SpawnOptionsWithoutStdio = {
        env,
        stdio: 'pipe',
        shell: false,
        // Own process group (POSIX), so stop() can signal the server and everything it started.
        detached: this.#platform !== 'win32',
        windowsHide: true,
      };
      if (cwd !== undefined) spawnOptions.cwd = cwd;
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(command, args, spawnOptions);
      } catch (error) {
        reject(this.#spawnError(error));
        return;
      }
      this.#child = child;
      let spawned = false;
      this.#exited = new Promise((done) => child.once('exit', () => done()));
      child.once('spawn', () => {
        spawned = true;
        resolve();
      });
      child.on('error', (error) => {
        if (!spawned) {
          reject(this.#spawnError(error));
          this.#finish();
        } else {
          this.onerror?.(error);
        }
      });
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => this.#onData(chunk));
      child.stderr.on('data', (chunk: Buffer) => this.#onStderr(chunk));
      child.once('exit', (code, signal) => {
        this.#exit = { code, signal };
        if (!this.closing) {
          // The leader died on its own: its group may live on holding our pipes; end it too.
          void this.#endGroup();
        }
        // 'close' waits for the pipes; do not wait forever if something still holds them.
        this.#finishTimer = setTimeout(() => this.#finish(), this.#grace);
        this.#finishTimer.unref();
      });
      child.once('close', () => this.#finish());
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  /** send() itself, for a sender outside the SDK: settleFailedSends wraps `send` of the instance, not this. */
  write(message: JSONRPCMessage): Promise<void> {
    const server = this.#options.server;
    let line: string;
    try {
      // First, before anything is written: a value that cannot be serialized fails alone.
      line = serializeMessage(message);
    } catch (error) {
      return Promise.reject(unsendable(server, error));
    }
    const stdin = this.#child?.stdin;
    if (!stdin || this.#finished || this.closing || !stdin.writable) {
      return Promise.reject(
        new CodedError('server_unavailable', redact(`"${server}" is not running`), { hint: 'retry the call; it starts the server again' }),
      );
    }
    // Messages sent in one event-loop turn leave in one write (uncorked after this turn's I/O
    // callbacks, so agent requests read together share it): one wake-up of the server and one
    // syscall, not one per call.
    if (!stdin.writableCorked) {
      stdin.cork();
      setImmediate(() => stdin.uncork());
    }
    return new Promise((resolve, reject) => {
      stdin.write(line, (error) => {
        if (!error) return resolve();
        const failed = new StdinWriteError('server_unavailable', redact(`could not write to "${server}": ${error.message}`), {
          hint: 'the server closed its input or exited; retry the call',
          cause: error,
        });
        // A broken pipe usually means the server is exiting: wait (bounded) for its exit and last
        // stderr, so the caller can say how it ended rather than "EPIPE".
        void Promise.race([this.#finishedPromise, delay(this.#grace)]).then(() => reject(failed));
      });
    });
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const child = this.#child;
    try {
      if (child?.pid !== undefined) {
        try {
          child.stdin.end();
        } catch {
          // Already gone.
        }
        await this.#endGroup();
        // The leader is normally reaped by now; bounded in case the OS is slow to report it.
        await Promise.race([this.#exited, delay(this.#grace)]);
      }
    } finally {
      this.#finish();
    }
  }

  /** SIGTERM the group, SIGKILL it after the grace period if anything in it is still alive. */
  async #endGroup(): Promise<void> {
    if (!this.#child) return;
    try {
      if (await endGroup(this.#child, this.#grace, this.#platform)) {
        this.#options.log?.(`[${this.#options.server}] did not stop within ${this.#grace} ms of SIGTERM; sent SIGKILL`);
      }
    } catch (error) {
      this.#options.log?.(`[${this.#options.server}] could not stop its process group: ${redact(String(error))}`);
    }
  }

  #onData(chunk: Buffer): void {
    if (this.#finished || this.#failure) return;
    this.#stdout.push(
      chunk,
      (buffer, start, end) => this.#onLine(buffer, start, end),
      () => {
        const limit = this.#options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
        this.#fail(
          new CodedError('server_unavailable', `"${this.#options.server}" wrote more than ${limit} bytes without a line break; it was stopped`, {
            hint: 'a stdio MCP server must write only newline-delimited JSON-RPC to stdout; check its command and arguments',
          }),
        );
      },
    );
  }

  /**
   * One stdout line. A line that does not start with `{` is not JSON-RPC and costs a byte compare;
   * stray lines (a log on stdout) are skipped, within the stdout budget, as the SDK does.
   */
  #onLine(buffer: Buffer, start: number, end: number): void {
    if (this.#failure) return;
    let first = start;
    while (first < end && (buffer[first] === 0x20 || buffer[first] === 0x09 || buffer[first] === 0x0d)) first++;
    if (first === end) return;
    if (buffer[first] !== OPEN_BRACE) {
      this.#output.stdoutLine(buffer, start, end);
      return;
    }
    let message: JSONRPCMessage;
    try {
      const value: unknown = JSON.parse(buffer.toString('utf8', first, end));
      // A cheap look before the schema, whose failures are slow (a flood of `{}` lines).
      if (typeof value !== 'object' || value === null || (value as { jsonrpc?: unknown }).jsonrpc !== '2.0') throw new Error('not JSON-RPC');
      if (!this.#schemas) throw new Error('not started');
      message = parseRpcMessage(value, this.#schemas);
    } catch {
      this.#output.stdoutLine(buffer, start, end);
      return;
    }
    if (this.#pump.size >= MAX_QUEUED_MESSAGES) {
      this.#fail(
        new CodedError('server_unavailable', `"${this.#options.server}" sent messages faster than they could be handled; it was stopped`, {
          hint: `more than ${MAX_QUEUED_MESSAGES} messages were waiting; check the server, then start it again`,
        }),
      );
      return;
    }
    this.#pump.push(() => {
      if (this.claim?.(message) !== true) this.onmessage?.(message);
    }, !('id' in message));
  }

  #onStderr(chunk: Buffer): void {
    if (this.#finished) return;
    this.#output.stderr(chunk);
  }

  #fail(error: CodedError): void {
    this.#failure ??= error;
    this.#pump.clear();
    this.onerror?.(error);
    void this.close();
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    this.#markFinished();
    if (this.#finishTimer) clearTimeout(this.#finishTimer);
    this.#stdout.clear();
    this.#output.flush();
    // After the messages already read: a last answer written just before exiting still counts.
    this.#pump.push(() => {
      try {
        this.onclose?.();
      } finally {
        this.afterClose?.();
      }
    }, false);
  }

  #spawnError(error: unknown): CodedError {
    const { server, command, cwd } = this.#options;
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ENOENT' && cwd !== undefined && !existsSync(cwd)) {
      return new CodedError('server_unavailable', redact(`could not start "${server}": its working directory ${cwd} does not exist`), {
        hint: redact(`fix "cwd" of "${server}" in mcp.json`),
        cause: error,
      });
    }
    if (code === 'ENOENT') {
      return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` was not found`), {
        hint: redact(`\`${command}\` was not found on PATH; run \`connected-services doctor\``),
        cause: error,
      });
    }
    if (code === 'EACCES') {
      return new CodedError('server_unavailable', redact(`could not start "${server}": \`${command}\` is not executable`), {
        hint: redact(`check the permissions of \`${command}\`; run \`connected-services doctor\``),
        cause: error,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new CodedError('server_unavailable', redact(`could not start "${server}": ${message}`), {
      hint: 'run `connected-services doctor`',
      cause: error,
    });
  }
}
