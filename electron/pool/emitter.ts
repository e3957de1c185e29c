/** A minimal typed event emitter; a throwing listener is reported, never breaks the emitter. */
export class Emitter<Events extends object> {
  readonly #listeners = new Map<keyof Events, Set<(payload: never) => void>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

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
    const set = this.#listeners.get(event) as Set<(payload: Events[E]) => void> | undefined;
    for (const listener of [...(set ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
