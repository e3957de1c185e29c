import type { AppApi, Decision } from '../../shared/api';
import { PendingStore } from './pending-store';

/** Everything waiting for the person, every kind: listed once, then kept by `decisionAdded` / `decisionSettled`. */
export class DecisionsStore extends PendingStore<Decision> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super(() => api.listDecisions({}));
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [this.#api.on('decisionAdded', (decision) => this.add(decision)), this.#api.on('decisionSettled', ({ id }) => this.remove(id))];
  }
}
