import type { AppApi, PendingAsk } from '../../shared/api';
import { PendingStore } from './pending-store';

/** Servers' requests waiting for the person: listed once, then kept by `askPending` / `askSettled`. */
export class AsksStore extends PendingStore<PendingAsk> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super(() => api.listAsks({}));
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('askPending', (ask) => this.add(ask)), this.#api.on('askSettled', ({ id }) => this.remove(id))];
  }
}
