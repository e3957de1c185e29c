import { describe, expect, it } from 'vitest';
import { couldMatchVaultKey, VAULT_KEYCHAIN_SERVICE } from './keychain-entry';

describe('couldMatchVaultKey: attributes a Secret Service search would match the vault key item with', () => {
  it('is true for its service, its account, or both', () => {
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE])).toBe(true);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'username', 'vault-key-abc'])).toBe(true);
    expect(couldMatchVaultKey(['username', 'vault-key-abcdefgh'])).toBe(true);
  });

  it('is true for attributes the item may carry besides (libsecret adds the schema), alone or with ours', () => {
    expect(couldMatchVaultKey(['xdg:schema', 'org.freedesktop.Secret.Generic'])).toBe(true);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'target', 'default'])).toBe(true);
  });

  it('is false once an attribute differs from the item or is one it cannot have', () => {
    expect(couldMatchVaultKey(['service', 'github'])).toBe(false);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'username', 'me'])).toBe(false);
    expect(couldMatchVaultKey(['xdg:schema', 'org.freedesktop.Secret.Generic', 'service', 'github'])).toBe(false);
    expect(couldMatchVaultKey(['xdg:schema', 'org.x.Y'])).toBe(false);
    expect(couldMatchVaultKey(['service', VAULT_KEYCHAIN_SERVICE, 'user', 'me'])).toBe(false);
    expect(couldMatchVaultKey(['service', 'Connected-Services'])).toBe(false);
  });
});
