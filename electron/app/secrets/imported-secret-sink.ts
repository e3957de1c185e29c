import { CodedError, ERROR_REASONS } from '../../../shared/errors';
import { refuseUnusableValue, secretKey, type Vault } from '../../../shared/vault';

/**
 * Where import puts the literal secrets it finds: a secret of `server` alone, named like `preferred`
 * (`_2`, `_3`… when that name already holds another value), so no other entry's `${secret:…}` reads
 * it. Refused when the vault would lose them.
 */
export async function importedSecretSink(vault: Vault, server: string, preferred: string, value: string, created?: (name: string) => void): Promise<string> {
  // Refused as every other write refuses it; the import's plan leaves such an entry out before this.
  refuseUnusableValue(value);
  const health = vault.health();
  if (!health.persistent) {
    throw new CodedError('denied', 'The imported servers hold secrets in clear, and the vault cannot keep them: ' + health.message, {
      hint: 'Unlock the OS keychain or set CONNECTED_SERVICES_PASSPHRASE, then import again. Nothing was imported.',
      data: { reason: ERROR_REASONS.vaultMemoryOnly },
    });
  }
  for (let attempt = 1; attempt <= 100; attempt++) {
    const name = attempt === 1 ? preferred : `${preferred.slice(0, 120)}_${attempt}`;
    const key = secretKey(name, server);
    if (await vault.compareAndSet(key, undefined, value)) {
      created?.(name);
      return name;
    }
    if ((await vault.get(key)) === value) return name;
  }
  throw new CodedError('internal', `Could not find a free secret name for ${preferred}`);
}
