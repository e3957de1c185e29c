import { Emitter } from '../../shared/events';
import { tryParseVaultKey, type VaultEvents, type VaultHealth } from '../../shared/vault';

/** The vault's events. A listener that throws is logged, never breaks the vault. */
export class VaultEmitter {
  readonly #emitter: Emitter<VaultEvents>;
  #lastHealth = '';

  constructor(log: (line: string) => void) {
    // Only the error's name: a listener's error message could quote a value it was handed.
    this.#emitter = new Emitter((error) => log(`vault: a listener failed: ${error instanceof Error ? error.name : 'error'}`));
  }

  on<E extends keyof VaultEvents>(event: E, listener: (payload: VaultEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
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
    this.#emitter.emit(event, payload);
  }
}
