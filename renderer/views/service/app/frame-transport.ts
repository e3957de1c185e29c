import { parseJSONRPCMessage, type JSONRPCMessage, type Transport } from '@modelcontextprotocol/client';
import { MAX_MESSAGE_DEPTH, refusalNote, refusedShape, type ShapeRefusal } from './message-shape';

export interface FrameTransportOptions {
  /** The app's frame: only messages whose source is its window are read. */
  frame: HTMLIFrameElement;
  /** Messages the app may send in a burst (default 60), refilled at `perSecond` (default 30). */
  burst?: number;
  perSecond?: number;
  /** Largest message read, in characters of its JSON (default 256 KiB); its strings and keys are counted before any JSON is made. */
  maxChars?: number;
  /** Dropped messages after which the app counts as flooding (default 200). */
  floodAfter?: number;
  /** Messages refused as too large or too deep after which it counts as flooding too (default 3). */
  refusedAfter?: number;
  /** Called once when the app floods: the host closes it. */
  onFlood: () => void;
  /** A message refused unread (too deep, too large, or one the browser could not copy): what to tell the person. */
  onRefused?: (note: string) => void;
  now?: () => number;
}

/**
 * The host side of an app's postMessage channel (SEP-1865 §transport), as the extension's
 * PostMessageTransport, with the bounds it does not have: a rate (token bucket) and a size per
 * message checked before a message is copied or parsed, so an app that floods, or sends a few
 * messages too large, costs the page little and is closed. Messages go to the frame's window only;
 * its origin is opaque (sandboxed), so the target is `*`.
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
  readonly #refusedAfter: number;
  readonly #onFlood: () => void;
  readonly #onRefused: ((note: string) => void) | undefined;
  readonly #now: () => number;
  #tokens: number;
  #refilledAt: number;
  #dropped = 0;
  #oversized = 0;
  #flooded = false;
  #closed = false;

  constructor(options: FrameTransportOptions) {
    this.#frame = options.frame;
    this.#burst = options.burst ?? 60;
    this.#perSecond = options.perSecond ?? 30;
    this.#maxChars = options.maxChars ?? 256 * 1024;
    this.#floodAfter = options.floodAfter ?? 200;
    this.#refusedAfter = options.refusedAfter ?? 3;
    this.#onFlood = options.onFlood;
    this.#onRefused = options.onRefused;
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
    // Once flooding, no message is read: reading one (`event.data`) is the browser's copy, some 5 s of
    // the page's thread for 60 MiB, and those already queued would hold the page until the frame goes.
    if (this.#closed || this.#flooded || event.source === null || event.source !== this.#frame.contentWindow) return;
    if (!this.#take()) return this.#drop();
    const data: unknown = event.data;
    // Bounded before anything recursive or copying (JSON, zod, the App API) touches it: a message
    // nested thousands deep would otherwise cost the page its stack, and one of 60 MiB its seconds.
    const refused = refusedShape(data, MAX_MESSAGE_DEPTH, this.#maxChars);
    if (refused !== undefined) return this.#refuse(data, refused);
    let text: string;
    try {
      text = JSON.stringify(data) ?? '';
    } catch {
      return this.#refuse(data, 'unreadable');
    }
    if (text.length > this.#maxChars) return this.#refuse(data, 'too long');
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(text) as unknown);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.onmessage?.(message);
  };

  /**
   * Told to the person; a refused request is answered to the app (JSON-RPC 2.0 §5.1, -32600 Invalid
   * Request), and a refused answer fails the host's request it answers at once rather than at its
   * timeout (an answer is never itself answered, §5). Counted as dropped.
   */
  #refuse(data: unknown, why: ShapeRefusal | 'too long'): void {
    const note = refusalNote(why);
    this.#onRefused?.(note);
    const fields = data !== null && typeof data === 'object' ? (data as { id?: unknown; method?: unknown }) : {};
    const id = fields.id;
    if (typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id))) {
      const failure: JSONRPCMessage = { jsonrpc: '2.0', id, error: { code: -32600, message: note } };
      if (fields.method !== undefined) void this.send(failure);
      else this.onmessage?.(failure);
    }
    // Each such message costs the page its copy before any check: an app that keeps sending them is closed.
    if (why !== 'unreadable') this.#oversized += 1;
    this.#drop();
  }

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
    if ((this.#dropped >= this.#floodAfter || this.#oversized >= this.#refusedAfter) && !this.#flooded) {
      this.#flooded = true;
      window.removeEventListener('message', this.#listener);
      this.#onFlood();
    }
  }
}
