import type { AppApi, PendingApproval } from '../../shared/api';
import { PendingStore } from './pending-store';

/** Agent calls waiting for the person: listed once, then kept by `approvalPending` / `approvalDecided`. */
export class ApprovalsStore extends PendingStore<PendingApproval> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super(() => api.listApprovals({}));
    this.#api = api;
  }

  listen(): Array<() => void> {
    return [
      this.#api.on('approvalPending', (pending) => this.add(pending)),
      this.#api.on('approvalDecided', ({ id }) => this.remove(id)),
    ];
  }
}
