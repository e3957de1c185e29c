import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** Our pings' ids: strings, never the bridge's (the SDK numbers its requests), so their answers are ours to take. */
const PING_PREFIX = 'connected-services-shim-ping-';
/** A client busier than this is not waited for: the response goes out after the usual gap. */
export const PING_WAIT_MS = 1_000;

/**
 * Asks the stdio client whether it has read what it was sent: a ping (MCP basic/utilities/ping, which
 * either side may send and the receiver must answer) is answered only after every line before it was
 * read. Only for a client that initialized (2025-era): a 2026-07-28 client takes no requests from the
 * server. A client that let a ping go unanswered is not asked again until it answers one late.
 */
export class ClientPing {
  readonly #send: (msg: JSONRPCMessage) => Promise<void>;
  #next = 0;
  #waiting: { id: string; done: (answered: boolean) => void } | undefined;
  #silent = false;

  constructor(send: (msg: JSONRPCMessage) => Promise<void>) {
    this.#send = send;
  }

  /** Pings the client; true once it answered, false when it did not within PING_WAIT_MS (or cannot be written to). */
  async confirm(): Promise<boolean> {
    if (this.#silent) return false;
    const id = `${PING_PREFIX}${++this.#next}`;
    const answered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), PING_WAIT_MS);
      const finish = (ok: boolean): void => {
        clearTimeout(timer);
        if (this.#waiting?.id === id) this.#waiting = undefined;
        if (!ok) this.#silent = true;
        resolve(ok);
      };
      this.#waiting = { id, done: finish };
    });
    try {
      await this.#send({ jsonrpc: '2.0', id, method: 'ping' });
    } catch {
      this.#waiting?.done(false);
    }
    return answered;
  }

  /** True when `msg` answers one of our pings: taken here, never relayed to the bridge. */
  take(msg: JSONRPCMessage): boolean {
    if (!('result' in msg || 'error' in msg)) return false;
    if (typeof msg.id !== 'string' || !msg.id.startsWith(PING_PREFIX)) return false;
    // Any answer, an error included, says the lines before it were read; a late one says the client answers pings after all.
    this.#silent = false;
    if (this.#waiting?.id === msg.id) this.#waiting.done(true);
    return true;
  }

  /** The client is gone: a ping waiting gets no answer. */
  close(): void {
    this.#waiting?.done(false);
  }
}
