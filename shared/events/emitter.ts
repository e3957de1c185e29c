type Listener<T> = (payload: T) => void;

/**
 * The one typed event emitter of the project. A listener that throws is reported to
 * `onListenerError` and never breaks the emitter's caller or the other listeners.
 */
export class Emitter<Events extends object> {
  readonly #listeners: { [E in keyof Events]?: Set<Listener<Events[E]>> } = {};
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => undefined) {
    this.#onListenerError = onListenerError;
  }

  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    const set = (this.#listeners[event] ??= new Set<Listener<Events[E]>>());
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    // A copy: a listener may unsubscribe itself while being called.
    for (const listener of [...(this.#listeners[event] ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  clear(): void {
    for (const key of Object.keys(this.#listeners) as (keyof Events)[]) delete this.#listeners[key];
  }
}
