import { tryParseVaultKey, type VaultEvents, type VaultHealth } from '../../shared/vault';

type Listeners = { [E in keyof VaultEvents]: Set<(payload: VaultEvents[E]) => void> };

/** The vault's events. A listener that throws is logged, never breaks the vault. */
export class VaultEmitter {
  readonly #listeners: Listeners = { change: new Set(), health: new Set() };
  readonly #log: (line: string) => void;
  #lastHealth = '';

  constructor(log: (line: string) => void) {
    this.#log = log;
  }

  on<E extends keyof VaultEvents>(event: E, listener: (payload: VaultEvents[E]) => void): () => void {
    const set = this.#listeners[event] as Set<(payload: VaultEvents[E]) => void>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  change(id: string, change: 'set' | 'delete', origin: 'local' | 'external'): void {
    const key = tryParseVaultKey(id);
    if (key) this.#emit('change', { key, change, origin });
  }

  /** Emits only when something in the health changed. */
  health(health: VaultHealth): void {
    const text = JSON.stringify(health);
    if (text === this.#lastHealth) return;
    this.#lastHealth = text;
    this.#emit('health', health);
  }

  #emit<E extends keyof VaultEvents>(event: E, payload: VaultEvents[E]): void {
    for (const listener of this.#listeners[event] as Set<(payload: VaultEvents[E]) => void>) {
      try {
        listener(payload);
      } catch (error) {
        this.#log(`vault: a ${event} listener failed: ${error instanceof Error ? error.name : 'error'}`);
      }
    }
  }
}
