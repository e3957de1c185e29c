import type { InventoryPart } from './fetch-inventory';
import type { SetTimer } from './idle-timer';

/** After a re-listing a server asked for, the next waits at least this long. */
export const LIST_CHANGE_MIN_GAP_MS = 1_000;
/** The longest wait while a server keeps saying its lists changed. */
export const LIST_CHANGE_MAX_GAP_MS = 30_000;

export interface PacerClock {
  setTimer: SetTimer;
  now: () => number;
}

/**
 * Paces the re-listings a server's list_changed notifications ask for (MCP leaves their pacing to the
 * client): the first after a quiet spell runs at once; those arriving before the gap has passed wait
 * for it as one, and each such wait doubles the gap, so a server sending them without end has its whole
 * listing fetched, validated and offered to agents at most once per 30 s instead of back to back.
 */
export class ListChangePacer {
  readonly #parts = new Set<InventoryPart>();
  #cancel: (() => void) | undefined;
  /** When the next re-listing may run. */
  #nextAt = Number.NEGATIVE_INFINITY;
  #gap = LIST_CHANGE_MIN_GAP_MS;

  constructor(
    private readonly options: PacerClock,
    /** Lists these parts again now. */
    private readonly run: (parts: InventoryPart[]) => void,
  ) {}

  notify(part: InventoryPart): void {
    this.#parts.add(part);
    if (this.#cancel) return;
    const now = this.options.now();
    const wait = this.#nextAt - now;
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

  /** The server stopped: nothing waits to be listed from it, and a new connection starts afresh. */
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
    this.#nextAt = this.options.now() + this.#gap;
    this.run(parts);
  }
}
