import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';

export interface FrameTransportOptions {
  /** The app's frame: only messages whose source is its window are read. */
  frame: HTMLIFrameElement;
  /** Messages the app may send in a burst (default 60), refilled at `perSecond` (default 30). */
  burst?: number;
  perSecond?: number;
  /** Largest message read, in characters of its JSON (default 256 KiB). */
  maxChars?: number;
  /** Dropped messages after which the app counts as flooding (default 200). */
  floodAfter?: number;
  /** Called once when the app floods: the host closes it. */
  onFlood: () => void;
  now?: () => number;
}

/**
 * The host side of an app's postMessage channel (SEP-1865 §transport), as the extension's
 * PostMessageTransport, with the bounds it does not have: a rate (token bucket) and a size per
 * message checked before a message is parsed, so an app that floods costs the page little and is
 * closed. Messages go to the frame's window only; its origin is opaque (sandboxed), so the target is `*`.
 */
export class FrameTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #frame: HTMLIFrameElement;
  readonly #burst: number;
  readonly #perSecond: number;
  readonly #maxChars: number;
  readonly #floodAfter: number;
  readonly #onFlood: () => void;
  readonly #now: () => number;
  #tokens: number;
  #refilledAt: number;
  #dropped = 0;
  #flooded = false;
  #closed = false;

  constructor(options: FrameTransportOptions) {
    this.#frame = options.frame;
    this.#burst = options.burst ?? 60;
    this.#perSecond = options.perSecond ?? 30;
    this.#maxChars = options.maxChars ?? 256 * 1024;
    this.#floodAfter = options.floodAfter ?? 200;
    this.#onFlood = options.onFlood;
    this.#now = options.now ?? (() => performance.now());
    this.#tokens = this.#burst;
    this.#refilledAt = this.#now();
  }

  /** Messages read and dropped so far (for the screen). */
  get dropped(): number {
    return this.#dropped;
  }

  start(): Promise<void> {
    window.addEventListener('message', this.#listener);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (!this.#closed) this.#frame.contentWindow?.postMessage(message, '*');
    return Promise.resolve();
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    window.removeEventListener('message', this.#listener);
    this.onclose?.();
    return Promise.resolve();
  }

  readonly #listener = (event: MessageEvent): void => {
    if (this.#closed || event.source === null || event.source !== this.#frame.contentWindow) return;
    if (!this.#take()) return this.#drop();
    let text: string;
    try {
      text = JSON.stringify(event.data) ?? '';
    } catch {
      return this.#drop();
    }
    if (text.length > this.#maxChars) return this.#drop();
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(text) as unknown);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  };

  #take(): boolean {
    const now = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + ((now - this.#refilledAt) / 1000) * this.#perSecond);
    this.#refilledAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  #drop(): void {
    this.#dropped += 1;
    if (this.#dropped >= this.#floodAfter && !this.#flooded) {
      this.#flooded = true;
      this.#onFlood();
    }
  }
}
