/**
 * Where the vault's file key is kept in the OS keychain: service `connected-services`, account
 * `vault-key-…` (on Linux the Secret Service item's attributes `service` and `username`). Kept here so
 * that the Secret Service store, which reads other programs' items, can refuse ours.
 */
export const VAULT_KEYCHAIN_SERVICE = 'connected-services';
export const VAULT_KEY_ACCOUNT_PREFIX = 'vault-key-';

/** Whether Secret Service attributes (`[name, value, name, value, …]`) could match the vault key's item: an item matches when it has every pair asked for. */
export function couldMatchVaultKey(attributes: readonly string[]): boolean {
  for (let at = 0; at + 1 < attributes.length; at += 2) {
    const [name, value] = [attributes[at], attributes[at + 1] ?? ''];
    if (name === 'service' && value !== VAULT_KEYCHAIN_SERVICE) return false;
    if (name === 'username' && !value.startsWith(VAULT_KEY_ACCOUNT_PREFIX)) return false;
    if (name !== 'service' && name !== 'username') return false;
  }
  return true;
}
