import type { ApiEvent, ApiEventPayload } from '../../shared/api';

type Listener<E extends ApiEvent> = (payload: ApiEventPayload<E>) => void;

/** Fan-out of App API events to the UI transports (IPC, SSE). A failing listener never breaks the others. */
export class EventHub {
  readonly #listeners = new Map<ApiEvent, Set<(payload: never) => void>>();

  on<E extends ApiEvent>(event: E, listener: Listener<E>): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends ApiEvent>(event: E, payload: ApiEventPayload<E>): void {
    for (const listener of this.#listeners.get(event) ?? []) {
      try {
        (listener as Listener<E>)(payload);
      } catch {
        // A broken subscriber must not stop the core from reporting state.
      }
    }
  }
}
