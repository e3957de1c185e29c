import type { SetTimer } from '../pool';

/** After a resource's update is passed on, the next of the same resource waits at least this long. */
export const RESOURCE_UPDATE_GAP_MS = 1_000;

/** Unref'd: a wait never keeps the process alive. */
const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

interface Waiting {
  again: boolean;
  cancel: () => void;
}

/**
 * Paces a server's `notifications/resources/updated` per resource (MCP leaves their pacing to the
 * client; they carry no content, so repeats merge): the first after a quiet gap goes at once; the
 * repeats within the gap go as one at its end, so the last update of a resource always arrives and a
 * server sending them without end reaches each agent's stream once per gap, not once per update.
 */
export class UpdatePacer {
  readonly #waiting = new Map<string, Waiting>();

  constructor(
    private readonly setTimer: SetTimer = unrefTimer,
    private readonly gapMs = RESOURCE_UPDATE_GAP_MS,
  ) {}

  /** Runs `send` now, or once at the end of the gap `key` is in; `send` reads its recipients when it runs. */
  pace(key: string, send: () => void): void {
    const waiting = this.#waiting.get(key);
    if (waiting !== undefined) {
      waiting.again = true;
      return;
    }
    send();
    this.#arm(key, send);
  }

  /** Nothing more is sent (the bridge closes). */
  clear(): void {
    for (const waiting of this.#waiting.values()) waiting.cancel();
    this.#waiting.clear();
  }

  #arm(key: string, send: () => void): void {
    const waiting: Waiting = { again: false, cancel: () => undefined };
    this.#waiting.set(key, waiting);
    waiting.cancel = this.setTimer(() => {
      this.#waiting.delete(key);
      if (!waiting.again) return;
      send();
      this.#arm(key, send);
    }, this.gapMs);
  }
}
