import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/**
 * The client's side of the stdio shim (MCP transports §stdio): one JSON-RPC message per line in,
 * one per line out. Ours, not SDK v2's StdioServerTransport, because that one skips a line that is
 * not JSON without a word, where JSON-RPC 2.0 §5.1 answers it -32700 (stdio-answers.ts
 * `unreadableLine`); the lines come whole and bounded (bounded-lines.ts), so what is left is a parse
 * and a write.
 */
export class StdioMessages {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  readonly #lines: Readable;
  readonly #out: Writable;
  readonly #parse: (value: unknown) => JSONRPCMessage;
  #closed = false;

  /** `parse`: the SDK's JSON-RPC message schema (throws its schema error for anything else). */
  constructor(lines: Readable, out: Writable, parse: (value: unknown) => JSONRPCMessage) {
    this.#lines = lines;
    this.#out = out;
    this.#parse = parse;
  }

  readonly #onLine = (line: Buffer): void => {
    let message: JSONRPCMessage;
    try {
      message = this.#parse(JSON.parse(line.toString('utf8').replace(/\r?\n$/, '')));
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  };

  readonly #onError = (error: Error): void => this.onerror?.(error);

  start(): void {
    this.#lines.on('data', this.#onLine);
    this.#lines.on('error', this.#onError);
  }

  /** Resolves once the line is written, or the output drained when it was full (backpressure). */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('the client connection is closed'));
    return new Promise((resolve) => {
      if (this.#out.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#out.once('drain', resolve);
    });
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#lines.off('data', this.#onLine);
    this.#lines.off('error', this.#onError);
    this.#lines.pause();
  }
}
