/**
 * Where the vault's file key is kept in the OS keychain: service `connected-services`, account
 * `vault-key-…` (on Linux the Secret Service item's attributes `service` and `username`). Kept here so
 * that the Secret Service store, which reads other programs' items, can refuse ours.
 */
export const VAULT_KEYCHAIN_SERVICE = 'connected-services';
export const VAULT_KEY_ACCOUNT_PREFIX = 'vault-key-';

/** The schema libsecret files the vault key's item under (`xdg:schema`). */
const GENERIC_SCHEMA = 'org.freedesktop.Secret.Generic';
/** Names keychain libraries add to their items in some versions; the item may carry them. */
const LIBRARY_NAMES: ReadonlySet<string> = new Set(['target', 'application']);

/**
 * Whether Secret Service attributes (`[name, value, name, value, …]`, each name once) could match the
 * vault key's item, which carries `service`, `username` and libsecret's `xdg:schema`: an item matches
 * when it has every pair asked for. A name the item cannot have rules it out; one a keychain library
 * may add does not.
 */
export function couldMatchVaultKey(attributes: readonly string[]): boolean {
  for (let at = 0; at + 1 < attributes.length; at += 2) {
    const [name = '', value = ''] = [attributes[at], attributes[at + 1]];
    if (name === 'service' && value === VAULT_KEYCHAIN_SERVICE) continue;
    if (name === 'username' && value.startsWith(VAULT_KEY_ACCOUNT_PREFIX)) continue;
    if (name === 'xdg:schema' && value === GENERIC_SCHEMA) continue;
    if (LIBRARY_NAMES.has(name)) continue;
    return false;
  }
  return true;
}
