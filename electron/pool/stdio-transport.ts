import { setTimeout as delay } from 'node:timers/promises';
import { spawn as nodeSpawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { commandLauncher } from '../proc-env';
import { loadSdkSchemas } from './client-sdk';
import { DEFAULT_FLOOD_LIMITS } from './flood-budget';
import { LineSplitter } from './line-splitter';
import { MessagePump } from './message-pump';
import type { RpcSchemas } from './rpc-message';
import { unsendable } from './sendable-requests';
import { ServerOutput } from './server-output';
import { ServerRun } from './server-run';
import { closedStdout, lineTooLong, outran, spawnError } from './stdio-errors';
import { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_STOP_GRACE_MS, MAX_QUEUED_MESSAGES, type ExitInfo, type SpawnLike, type StdioTransportOptions } from './stdio-options';
import { MAX_LISTING_FLOOD_DEPTH, tooDeepListing } from './listing-depth';
import { readRpcLine, serializeMessage } from './stdio-line';
import { writeToStdin } from './stdin-write';
import { StdinWriteError } from './stdin-write-error';

export { STDERR_TAIL_BYTES } from './server-output';
export { DEFAULT_MAX_MESSAGE_BYTES, DEFAULT_STOP_GRACE_MS, MAX_QUEUED_MESSAGES } from './stdio-options';
export type { ExitInfo, SpawnLike, StdioTransportOptions } from './stdio-options';

/**
 * MCP stdio transport (spec: basic/transports#stdio) that owns its child: own process group on
 * POSIX so stopping it also stops what it spawned, a caller-built environment, a bounded read
 * buffer, stderr and stray stdout within a budget (ServerOutput), and the tail of stderr for error
 * messages. A failed send rejects with a CodedError, which the SDK's client settles the request with.
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
  readonly #run: ServerRun;
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
  #answered = false;
  /** The SDK's message schemas, loaded by start(): nothing arrives before the child exists. */
  #schemas: RpcSchemas<JSONRPCMessage> | undefined;

  constructor(options: StdioTransportOptions) {
    this.#options = options;
    this.#platform = options.platform ?? process.platform;
    this.#grace = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.#run = new ServerRun({ server: options.server, platform: this.#platform, graceMs: this.#grace, log: options.log, ledger: options.ledger });
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

  /** True once the server answered a request with a result (its handshake is the first): it started. */
  get answered(): boolean {
    return this.#answered;
  }

  /** True once close() was called: an exit after that is not a crash. */
  get closing(): boolean {
    return this.#closing !== undefined;
  }

  /** The last few KiB of stderr: whole lines, redacted. */
  stderrTail(): string {
    return this.#output.tail();
  }

  /** The first stdout line that was not JSON-RPC, redacted and shortened, if any. */
  firstStray(): string | undefined {
    return this.#output.firstStray();
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
    const { command, args, cwd } = this.#options;
    // Windows: through cross-spawn, as the MCP SDK does, so `npx` (npx.cmd) starts (windows-launch.ts).
    const spawn: SpawnLike = commandLauncher(this.#platform, this.#options.spawn ?? nodeSpawn, this.#options.crossSpawn);
    // Linux: a random mark in the environment, to find candidates of what the run started (run-watch.ts).
    const env = this.#run.env(this.#options.env);
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
        reject(spawnError(error, this.#options));
        return;
      }
      this.#child = child;
      this.#run.watch(child.pid);
      let spawned = false;
      this.#exited = new Promise((done) => child.once('exit', () => done()));
      child.once('spawn', () => {
        spawned = true;
        resolve();
      });
      child.on('error', (error) => {
        if (!spawned) {
          reject(spawnError(error, this.#options));
          this.#finish();
        } else {
          this.onerror?.(error);
        }
      });
      child.stdin.on('error', (error) => this.onerror?.(error));
      child.stdout.on('error', (error) => this.onerror?.(error));
      child.stdout.on('data', (chunk: Buffer) => this.#onData(chunk));
      // Stdout ended with no exit within the grace: it can answer nothing more (an exit on its way settles it instead).
      child.stdout.once('end', () => setTimeout(() => this.#exit === undefined && !this.closing && this.#fail(closedStdout(this.#options.server)), this.#grace).unref());
      child.stderr.on('data', (chunk: Buffer) => this.#finished || this.#output.stderr(chunk));
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

  /** send() itself, for a sender outside the SDK. */
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
      // A write failure like a broken pipe's: where the server's end is known, that is what a call reports (map-error.ts).
      return Promise.reject(
        new StdinWriteError('server_unavailable', redact(`"${server}" is not running`), { hint: 'retry the call; it starts the server again' }),
      );
    }
    // A broken pipe usually means the server is exiting: wait (bounded) for its exit and last stderr.
    return writeToStdin(stdin, line, server, () => Promise.race([this.#finishedPromise, delay(this.#grace)]));
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutdown();
    return this.#closing;
  }

  async #shutdown(): Promise<void> {
    const child = this.#child;
    try {
      if (child?.pid !== undefined) {
        const linking = this.#exit === undefined ? this.#run.linkBeforeStop() : undefined;
        if (linking !== undefined) await linking;
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

  /** SIGTERM the group and what left it, SIGKILL after the grace period if anything is still alive (server-run.ts). */
  async #endGroup(): Promise<void> {
    if (this.#child) await this.#run.end(this.#child);
  }

  #onData(chunk: Buffer): void {
    if (this.#finished || this.#failure) return;
    this.#stdout.push(
      chunk,
      (buffer, start, end) => this.#onLine(buffer, start, end),
      (_bytes, lead) => {
        this.#fail(lineTooLong(this.#options.server, this.#options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES, lead));
      },
    );
  }

  /** One stdout line: stray lines (a log on stdout) are skipped, within the stdout budget, as the SDK does. */
  #onLine(buffer: Buffer, start: number, end: number): void {
    if (this.#failure) return;
    const message = readRpcLine(buffer, start, end, this.#schemas);
    if (message === 'blank') return;
    if (message === 'too_deep') {
      this.#fail(tooDeepListing(this.#options.server, MAX_LISTING_FLOOD_DEPTH));
      return;
    }
    if (message === undefined) {
      this.#output.stdoutLine(buffer, start, end);
      return;
    }
    if ('result' in message) this.#answered = true;
    if (this.#pump.size >= MAX_QUEUED_MESSAGES) {
      this.#fail(outran(this.#options.server, MAX_QUEUED_MESSAGES));
      return;
    }
    this.#pump.push(() => {
      if (this.claim?.(message) !== true) this.onmessage?.(message);
    }, !('id' in message));
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
}
