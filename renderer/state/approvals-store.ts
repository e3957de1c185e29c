import type { AppApi, PendingApproval } from '../../shared/api';
import { Store } from './store';

/** Agent calls waiting for the person: listed once, then kept by `approvalPending` / `approvalDecided`. */
export class ApprovalsStore extends Store<readonly PendingApproval[]> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super([]);
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [
      this.#api.on('approvalPending', (pending) => this.add(pending)),
      this.#api.on('approvalDecided', ({ id }) => this.remove(id)),
    ];
  }

  async load(): Promise<void> {
    try {
      const pending = await this.#api.listApprovals({});
      this.update((current) => {
        const known = new Set(current.map((p) => p.id));
        return [...current, ...pending.filter((p) => !known.has(p.id))].sort((a, b) => a.requestedAt - b.requestedAt);
      });
    } catch {
      // An older core without the bridge: nothing to approve.
    }
  }

  add(pending: PendingApproval): void {
    this.update((list) => (list.some((p) => p.id === pending.id) ? list : [...list, pending]));
  }

  remove(id: string): void {
    this.update((list) => (list.some((p) => p.id === id) ? list.filter((p) => p.id !== id) : list));
  }
}
