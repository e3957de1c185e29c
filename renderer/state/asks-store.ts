import type { AppApi, PendingAsk } from '../../shared/api';
import { Store } from './store';

/** Servers' requests waiting for the person: listed once, then kept by `askPending` / `askSettled`. */
export class AsksStore extends Store<readonly PendingAsk[]> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super([]);
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('askPending', (ask) => this.add(ask)), this.#api.on('askSettled', ({ id }) => this.remove(id))];
  }

  async load(): Promise<void> {
    try {
      const waiting = await this.#api.listAsks({});
      this.update((current) => {
        const known = new Set(current.map((a) => a.id));
        return [...current, ...waiting.filter((a) => !known.has(a.id))].sort((a, b) => a.requestedAt - b.requestedAt);
      });
    } catch {
      // An older core: nothing waits.
    }
  }

  add(ask: PendingAsk): void {
    this.update((list) => (list.some((a) => a.id === ask.id) ? list : [...list, ask]));
  }

  remove(id: string): void {
    this.update((list) => (list.some((a) => a.id === id) ? list.filter((a) => a.id !== id) : list));
  }
}
