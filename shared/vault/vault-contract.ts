import type { VaultHealth } from './vault-health';
import type { VaultKey } from './vault-key';

/**
 * One entry changed. Carries no value, so listeners cannot leak one.
 * `origin` is `local` for this process's writes, `external` for another process's, seen on re-read.
 */
export interface VaultChange {
  key: VaultKey;
  change: 'set' | 'delete';
  origin: 'local' | 'external';
}

export interface VaultEvents {
  change: VaultChange;
  health: VaultHealth;
}

/**
 * The credential vault. Values are strings (JSON for structured things). Operations on one key run in
 * the order they were called; writes of other processes are picked up on the next call.
 * Errors are CodedErrors and never hold a value.
 */
export interface Vault {
  get(key: VaultKey): Promise<string | undefined>;
  set(key: VaultKey, value: string): Promise<void>;
  /** Resolves true if the key existed. */
  delete(key: VaultKey): Promise<boolean>;
  /** Every key, or those of one server/namespace. */
  keys(filter?: { server?: string }): Promise<VaultKey[]>;
  /**
   * Sets `value` only if the stored value is still `expected` (`undefined`: only if absent),
   * checked under the cross-process lock. Resolves whether it was set.
   */
  compareAndSet(key: VaultKey, expected: string | undefined, value: string): Promise<boolean>;
  /** Deletes only if the stored value is still `expected`. Resolves whether it was deleted. */
  compareAndDelete(key: VaultKey, expected: string): Promise<boolean>;
  /** The last known state; cheap, never throws. */
  health(): VaultHealth;
  /** Re-reads the file, retries an unavailable key provider and looks for set-aside files. */
  checkHealth(): Promise<VaultHealth>;
  on<E extends keyof VaultEvents>(event: E, listener: (payload: VaultEvents[E]) => void): () => void;
  /** Waits for pending writes, then refuses further calls. Idempotent. */
  close(): Promise<void>;
}
