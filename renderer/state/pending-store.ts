import { Store } from './store';

/** A request waiting for the person: an agent's call to approve, a server's question. */
interface Pending {
  id: string;
  requestedAt: number;
}

/**
 * Requests waiting for the person: listed once, then kept by events. One settled while the listing
 * was on its way is not brought back by that (older) answer: it would wait on screen for a decision
 * nobody can make any more.
 */
export class PendingStore<T extends Pending> extends Store<readonly T[]> {
  readonly #list: () => Promise<readonly T[]>;
  /** Ids settled during each listing under way. */
  readonly #settledDuring = new Set<Set<string>>();

  constructor(list: () => Promise<readonly T[]>) {
    super([]);
    this.#list = list;
  }

  async load(): Promise<void> {
    const settled = new Set<string>();
    this.#settledDuring.add(settled);
    try {
      const waiting = await this.#list();
      this.update((current) => {
        const known = new Set(current.map((p) => p.id));
        return [...current, ...waiting.filter((p) => !known.has(p.id) && !settled.has(p.id))].sort((a, b) => a.requestedAt - b.requestedAt);
      });
    } catch {
      // An older core without this kind of request: nothing waits.
    } finally {
      this.#settledDuring.delete(settled);
    }
  }

  /** One already held is replaced where it stands: a standing decision (`NAME/changing`) comes again, updated, under its id. */
  add(pending: T): void {
    this.update((list) => (list.some((p) => p.id === pending.id) ? list.map((p) => (p.id === pending.id ? pending : p)) : [...list, pending]));
  }

  remove(id: string): void {
    for (const settled of this.#settledDuring) settled.add(id);
    this.update((list) => (list.some((p) => p.id === id) ? list.filter((p) => p.id !== id) : list));
  }
}
