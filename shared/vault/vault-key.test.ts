import { describe, expect, it } from 'vitest';
import { formatVaultKey, GLOBAL_SERVER, parseVaultKey, secretKey, secretNameOf, tryParseVaultKey, vaultKey } from './vault-key';

describe('vault keys', () => {
  it('round-trip through the server/kind string form', () => {
    for (const key of [vaultKey('github', 'tokens'), vaultKey('srv', 'tokens:read write'), secretKey('GH_TOKEN'), vaultKey('x', 'apiKey')]) {
      expect(parseVaultKey(formatVaultKey(key))).toEqual(key);
    }
    expect(formatVaultKey(secretKey('A'))).toBe(`${GLOBAL_SERVER}/secret:A`);
    expect(parseVaultKey('srv/client:https://as.example/x')).toEqual({ server: 'srv', kind: 'client:https://as.example/x' });
  });

  it('rejects kinds and servers outside the namespace rules', () => {
    expect(() => vaultKey('srv', 'password')).toThrow(/Invalid vault key/);
    expect(() => vaultKey('a/b', 'tokens')).toThrow(/Invalid vault key/);
    expect(() => vaultKey('', 'tokens')).toThrow(/Invalid vault key/);
    expect(() => secretKey('bad name')).toThrow(/secret name/);
    expect(() => vaultKey('srv', 'secret:')).toThrow(/Invalid vault key/);
    expect(tryParseVaultKey('no-slash')).toBeUndefined();
  });

  it('tells the name of a secret kind', () => {
    expect(secretNameOf(secretKey('X', 'srv'))).toBe('X');
    expect(secretNameOf(vaultKey('srv', 'tokens'))).toBeUndefined();
  });
});
