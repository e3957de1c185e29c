import { isTrustedSender } from './trusted-sender';
import type { EventMessage, PageMessage } from './ipc-protocol';

/**
 * Bytes of events the window may leave unread before the rest are withheld, as the web UI's stream
 * (electron/web/event-stream.ts): a hung page would otherwise have every event queued for it.
 */
export const EVENT_BACKLOG_BYTES = 2 * 1024 * 1024;

/** The window's page as the delivery sees it. */
export interface EventPage {
  /** The URL of the document in the window's top frame; undefined while there is none. */
  topFrameUrl(): string | undefined;
  post(message: PageMessage): void;
}

/**
 * Events to the window, at most `bound` bytes unread: the page says how far it has read
 * (`acknowledge`); past the bound nothing more is sent, and once the page has read everything it
 * was sent it is told to load its state again (the events it missed are not kept). A page on
 * another origin gets nothing.
 */
export class EventDelivery {
  readonly #bound: number;
  #seq = 0;
  #unread: Array<{ seq: number; bytes: number }> = [];
  #unreadBytes = 0;
  #withheld = false;

  constructor(bound: number = EVENT_BACKLOG_BYTES) {
    this.#bound = bound;
  }

  /** Whether events are being withheld until the page reads what it was sent. */
  get withheld(): boolean {
    return this.#withheld;
  }

  send(page: EventPage, message: EventMessage): void {
    if (this.#withheld || !isTrustedSender({ url: page.topFrameUrl(), isMainFrame: true })) return;
    const bytes = Buffer.byteLength(JSON.stringify(message) ?? '');
    // A page that has read everything gets the next event whatever its size.
    if (this.#unread.length > 0 && this.#unreadBytes + bytes > this.#bound) {
      this.#withheld = true;
      return;
    }
    this.#post(page, { seq: this.#seq + 1, ...message }, bytes);
  }

  /** The page has handled every message up to `seq`. */
  acknowledge(page: EventPage, seq: number): void {
    while (this.#unread.length > 0 && this.#unread[0]!.seq <= seq) this.#unreadBytes -= this.#unread.shift()!.bytes;
    if (!this.#withheld || this.#unread.length > 0) return;
    this.#withheld = false;
    if (isTrustedSender({ url: page.topFrameUrl(), isMainFrame: true })) this.#post(page, { seq: this.#seq + 1, reload: true }, 0);
  }

  /** A new document: it loads its state itself, and owes nothing of the old one's. */
  reset(): void {
    this.#unread = [];
    this.#unreadBytes = 0;
    this.#withheld = false;
  }

  #post(page: EventPage, message: PageMessage, bytes: number): void {
    this.#seq = message.seq;
    this.#unread.push({ seq: message.seq, bytes });
    this.#unreadBytes += bytes;
    page.post(message);
  }
}
