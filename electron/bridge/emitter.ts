/** A small typed event emitter; a throwing listener is reported, never breaks the emitter's caller. */
export class Emitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();
  readonly #onError: (error: unknown) => void;

  constructor(onError: (error: unknown) => void = () => undefined) {
    this.#onError = onError;
  }

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): () => void {
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

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.#listeners.get(event);
    if (!set) return;
    for (const listener of [...set]) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (error) {
        this.#onError(error);
      }
    }
  }
}
