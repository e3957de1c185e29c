import type { AppApi, HeldChange } from '../../shared/api';
import { Store } from './store';

/**
 * Tools and prompts held since their server's approval, waiting for the person (docs/configuration.md,
 * "Pinned tools"): listed once, then listed again per `heldChanged`.
 */
export class HeldStore extends Store<readonly HeldChange[]> {
  readonly #api: AppApi;

  constructor(api: AppApi) {
    super([]);
    this.#api = api;
  }

  async load(): Promise<void> {
    try {
      this.set(await this.#api.listHeldChanges({}));
    } catch {
      // An older core without pinned tools: nothing waits.
    }
  }

  listen(): Array<() => void> {
    return [this.#api.on('heldChanged', () => void this.load())];
  }

  of(server: string): readonly HeldChange[] {
    return this.get().filter((h) => h.server === server);
  }
}
