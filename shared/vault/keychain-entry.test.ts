import { describe, expect, it } from 'vitest';
import { couldMatchVaultKey, VAULT_KEYCHAIN_SERVICE } from './keychain-entry';

describe('couldMatchVaultKey: attributes a Secret Service search would match the vault key item with', () => {
  it('is true for its service, its account, or both', () => {
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE])).toBe(true);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'username', 'vault-key-abc'])).toBe(true);
    expect(couldMatchVaultKey(['username', 'vault-key-abcdefgh'])).toBe(true);
  });

  it('is false once one attribute differs from the item or names one it lacks', () => {
    expect(couldMatchVaultKey(['service', 'github'])).toBe(false);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'username', 'me'])).toBe(false);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'xdg:schema', 'org.x.Y'])).toBe(false);
    expect(couldMatchVaultKey(['service', 'Connected-Services'])).toBe(false);
  });
});
