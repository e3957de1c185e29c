import type { PacerClock } from './list-change-pacer';

/** The window a server's resource updates are counted in. */
export const UPDATE_WINDOW_MS = 1_000;
/** Updates of one server passed on per window, whatever resources they name. */
export const UPDATES_PER_WINDOW = 128;
/** Distinct resources that may wait for the next window; updates of others past this are dropped. */
export const MAX_WAITING_UPDATES = 1_024;

/**
 * A per-server budget for `notifications/resources/updated` (MCP 2025-11-25 server/resources
 * §Subscriptions leaves their pacing to the client). Each resource's updates are paced further on,
 * but a server naming many distinct resources would still pass on one per resource: here at most
 * UPDATES_PER_WINDOW go on per window. The rest wait for the next window, repeats of one resource
 * as one (they carry no content), so the last update of each still arrives, and at most
 * MAX_WAITING_UPDATES distinct resources wait.
 */
export class UpdateBudget {
  /** When the current window began, and what it has passed on. */
  #windowAt = Number.NEGATIVE_INFINITY;
  #spent = 0;
  readonly #waiting = new Set<string>();
  #cancel: (() => void) | undefined;
  /** Told once per storm that updates were dropped, until the waiting ones are all passed on. */
  #dropping = false;

  constructor(
    private readonly clock: PacerClock,
    /** Passes one update on. */
    private readonly send: (uri: string) => void,
    /** Updates were dropped: more resources waited than MAX_WAITING_UPDATES. */
    private readonly onDropped: () => void = () => undefined,
  ) {}

  notify(uri: string): void {
    if (this.#waiting.size === 0 && this.#take()) return this.send(uri);
    if (!this.#waiting.has(uri) && this.#waiting.size >= MAX_WAITING_UPDATES) {
      if (!this.#dropping) this.onDropped();
      this.#dropping = true;
      return;
    }
    this.#waiting.add(uri);
    this.#arm();
  }

  /**
   * Drops the updates waiting, when their server's connection ends: they name resources of a server
   * no longer there, and a new connection's updates are its own. What the window has spent stays spent.
   */
  clear(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#waiting.clear();
    this.#dropping = false;
  }

  /** One update of the budget, when the window has one left. */
  #take(): boolean {
    const now = this.clock.now();
    if (now - this.#windowAt >= UPDATE_WINDOW_MS) {
      this.#windowAt = now;
      this.#spent = 0;
    }
    if (this.#spent >= UPDATES_PER_WINDOW) return false;
    this.#spent += 1;
    return true;
  }

  #arm(): void {
    if (this.#cancel) return;
    const wait = Math.max(0, this.#windowAt + UPDATE_WINDOW_MS - this.clock.now());
    this.#cancel = this.clock.setTimer(() => {
      this.#cancel = undefined;
      for (const uri of this.#waiting) {
        if (!this.#take()) break;
        this.#waiting.delete(uri);
        this.send(uri);
      }
      if (this.#waiting.size > 0) this.#arm();
      else this.#dropping = false;
    }, wait);
  }
}
