/**
 * Hands a server's messages to the SDK in order. The SDK runs notification handlers a microtask
 * later but responses at once, so a progress notification read together with its response would
 * find its handler gone (modelcontextprotocol/typescript-sdk#2580). After a notification the next
 * message waits a turn, which keeps their order; other messages (a burst of responses) go at once.
 */
export class MessagePump {
  readonly #queue: { deliver: () => void; isNotification: boolean }[] = [];
  readonly #onError: (error: Error) => void;
  #pumping = false;

  constructor(onError: (error: Error) => void) {
    this.#onError = onError;
  }

  /** Messages waiting: the transport refuses a server that outruns the handlers by too many. */
  get size(): number {
    return this.#queue.length;
  }

  /** Drops what is waiting (a server being stopped: its close should not wait behind its flood). */
  clear(): void {
    this.#queue.length = 0;
  }

  push(deliver: () => void, isNotification: boolean): void {
    this.#queue.push({ deliver, isNotification });
    if (this.#pumping) return;
    this.#pumping = true;
    this.#run();
  }

  #run(): void {
    for (;;) {
      const next = this.#queue.shift();
      if (!next) {
        this.#pumping = false;
        return;
      }
      try {
        next.deliver();
      } catch (error) {
        this.#onError(error instanceof Error ? error : new Error(String(error)));
      }
      if (next.isNotification) {
        setImmediate(() => this.#run());
        return;
      }
    }
  }
}
