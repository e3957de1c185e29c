import type { InventoryPart } from './fetch-inventory';
import type { SetTimer } from './idle-timer';

/** After a re-listing a server asked for, the next waits at least this long. */
export const LIST_CHANGE_MIN_GAP_MS = 1_000;
/** The longest wait while a server keeps saying its lists changed. */
export const LIST_CHANGE_MAX_GAP_MS = 30_000;
/** Re-listings a server's list changes may cause back to back, however they are timed; the budget refills one per LIST_CHANGE_MAX_GAP_MS. */
export const LIST_CHANGE_BURST = 6;

export interface PacerClock {
  setTimer: SetTimer;
  now: () => number;
}

/**
 * Paces the re-listings a server's list_changed notifications ask for (MCP leaves their pacing to the
 * client): the first after a quiet spell runs at once; those arriving before the gap has passed wait
 * for it as one, and each such wait doubles the gap, so a server sending them without end has its whole
 * listing fetched, validated and offered to agents at most once per 30 s instead of back to back.
 * A budget bounds what the gaps alone do not: a server timing each notification just after the gap
 * has passed (never waited for, so it never doubles) gets LIST_CHANGE_BURST re-listings, then one per
 * 30 s. What waits is listed when its time comes, so the last change is always listed.
 */
export class ListChangePacer {
  readonly #parts = new Set<InventoryPart>();
  #cancel: (() => void) | undefined;
  /** When the next re-listing may run. */
  #nextAt = Number.NEGATIVE_INFINITY;
  #gap = LIST_CHANGE_MIN_GAP_MS;
  /** The budget as a time (GCRA): it is full once the clock reaches this; each re-listing moves it on by the max gap. */
  #budgetAt = Number.NEGATIVE_INFINITY;
  /** Told once the budget runs out, until it is full again. */
  #throttled = false;

  constructor(
    private readonly options: PacerClock,
    /** Lists these parts again now. */
    private readonly run: (parts: InventoryPart[]) => void,
    /** The budget ran out: re-listings wait for it (once, until the server was quiet long enough to refill it). */
    private readonly onThrottled: () => void = () => undefined,
  ) {}

  notify(part: InventoryPart): void {
    this.#parts.add(part);
    if (this.#cancel) return;
    const now = this.options.now();
    if (this.#budgetAt <= now) this.#throttled = false;
    const allowed = this.#budgetAt - (LIST_CHANGE_BURST - 1) * LIST_CHANGE_MAX_GAP_MS;
    if (allowed > now && allowed > this.#nextAt && !this.#throttled) {
      this.#throttled = true;
      this.onThrottled();
    }
    const wait = Math.max(this.#nextAt, allowed) - now;
    if (wait > 0) {
      this.#cancel = this.options.setTimer(() => {
        this.#cancel = undefined;
        this.#gap = Math.min(this.#gap * 2, LIST_CHANGE_MAX_GAP_MS);
        this.#fire();
      }, wait);
      return;
    }
    // Quiet for a whole gap after the last one allowed: the next storm starts from the shortest gap.
    if (now - this.#nextAt >= this.#gap) this.#gap = LIST_CHANGE_MIN_GAP_MS;
    this.#fire();
  }

  /**
   * The server stopped: nothing waits to be listed from it, and a new connection starts from the
   * shortest gap. The budget is kept: a server restarted again and again does not refill it.
   */
  clear(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#parts.clear();
    this.#nextAt = Number.NEGATIVE_INFINITY;
    this.#gap = LIST_CHANGE_MIN_GAP_MS;
  }

  #fire(): void {
    const parts = [...this.#parts];
    this.#parts.clear();
    const now = this.options.now();
    this.#nextAt = now + this.#gap;
    this.#budgetAt = Math.max(this.#budgetAt, now) + LIST_CHANGE_MAX_GAP_MS;
    this.run(parts);
  }
}
