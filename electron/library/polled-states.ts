import type { AppApi, ServerStatus } from '../../shared/api';

const POLL_MS = 1000;

/**
 * `serverState` events of an app this process may not hear (the app keeps its event stream for its
 * own window): its status asked every second, each server whose state or approval changed announced.
 * Stops when the last listener goes.
 */
export class PolledStates {
  readonly #api: AppApi;
  readonly #listeners = new Set<(status: ServerStatus) => void>();
  #seen = new Map<string, string>();
  #timer: NodeJS.Timeout | undefined;
  #busy = false;

  constructor(api: AppApi) {
    this.#api = api;
  }

  listen(listener: (status: ServerStatus) => void): () => void {
    this.#listeners.add(listener);
    if (!this.#timer) {
      this.#timer = setInterval(() => void this.#poll(), POLL_MS);
      // A program that only listens still ends when it has nothing else to do.
      this.#timer.unref();
      void this.#poll();
    }
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#listeners.clear();
  }

  async #poll(): Promise<void> {
    if (this.#busy) return;
    this.#busy = true;
    try {
      const { servers } = await this.#api.status({});
      const seen = new Map<string, string>();
      for (const status of servers) {
        const key = `${status.state}/${status.approval}/${status.enabled}/${status.since}`;
        seen.set(status.name, key);
        if (this.#seen.get(status.name) !== key) for (const listener of this.#listeners) listener(status);
      }
      this.#seen = seen;
    } catch {
      // The app is gone or busy: the next turn asks again; calls say what is wrong.
    } finally {
      this.#busy = false;
    }
  }
}
