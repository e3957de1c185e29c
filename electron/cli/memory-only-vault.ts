import { CodedError, ERROR_REASONS } from '../../shared/errors';
import type { VaultHealth } from '../../shared/vault';

/**
 * A secret given to a vault that forgets it (no keychain, no passphrase) would be said stored and be
 * gone when the command ends (or the app holding the vault stops): refused before the value is asked.
 * `what`: what cannot be kept, `outcome`: what was not done (`nothing was stored`).
 */
export function refuseMemoryOnly(health: VaultHealth, what: string, outcome: string): void {
  if (health.persistent) return;
  throw new CodedError('denied', `The vault cannot keep ${what} beyond this command (${outcome}): ${health.message}`, {
    hint: 'Set CONNECTED_SERVICES_PASSPHRASE to a passphrase of your own, or unlock or install an OS keychain, then run the command again',
    data: { reason: ERROR_REASONS.vaultMemoryOnly },
  });
}
