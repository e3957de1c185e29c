import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretServiceStore } from '../../electron/secret-stores/secret-service-store';
import { DEFAULT_KEYCHAIN_SERVICE } from '../../electron/vault';
import { startKeyringBus, type KeyringBus } from '../support/keyring-bus';

// docs/vault.md, "Secret stores": the Secret Service store reads other programs' items, never the
// vault's own file key, which sits in the same keyring under the attributes the vault's keychain
// library writes (service, username). Here a real gnome-keyring holds both.
const ACCOUNT = 'vault-key-Abc123xyz789';
const KEY = 'bWFzdGVyLWtleS1vZi10aGUtdmF1bHQtZmlsZS0xMjM0NTY=';

describe("the Secret Service store and the vault's own key item", () => {
  let keyring: KeyringBus;
  const lookup = (...attributes: string[]): string => execFileSync('secret-tool', ['lookup', ...attributes], { env: { ...process.env, ...keyring.env }, encoding: 'utf8' });
  const store = () => createSecretServiceStore({ name: 'secret-service', config: { type: 'secret-service' }, env: { PATH: process.env.PATH, ...keyring.env } });

  beforeAll(async () => {
    keyring = await startKeyringBus();
    // Written by the vault's own keychain library, with every attribute it and libsecret give the item.
    const write = `const { Entry } = require('@napi-rs/keyring'); new Entry(${JSON.stringify(DEFAULT_KEYCHAIN_SERVICE)}, ${JSON.stringify(ACCOUNT)}, { linux: { store: 'secret-service' } }).setPassword(${JSON.stringify(KEY)});`;
    execFileSync(process.execPath, ['-e', write], { env: { ...process.env, ...keyring.env } });
    keyring.store('GitHub token', ['service', 'github', 'username', 'me'], 'ghp_other-program-item');
  }, 90_000);
  afterAll(async () => {
    await keyring?.close();
  });

  it('gives it to no reference, by service, by service and account, or by account alone', async () => {
    const paths = [
      DEFAULT_KEYCHAIN_SERVICE,
      `${DEFAULT_KEYCHAIN_SERVICE}/${ACCOUNT}`,
      `username=${ACCOUNT}`,
      `service=${DEFAULT_KEYCHAIN_SERVICE}`,
      'xdg:schema=org.freedesktop.Secret.Generic',
      `service=other,service=${DEFAULT_KEYCHAIN_SERVICE}`,
      `username=x,username=${ACCOUNT}`,
    ];
    for (const path of paths) {
      const refused = await store().get(path).then(
        (value) => ({ value }),
        (error: unknown) => ({ error: String(error) }),
      );
      expect(refused, path).not.toHaveProperty('value');
      expect(JSON.stringify(refused), path).toMatch(/the vault's own key|names an attribute twice/);
      expect(JSON.stringify(refused)).not.toContain(KEY);
    }
    expect(await store().get('github/me')).toBe('ghp_other-program-item');
  });

  it('neither replaces nor deletes it: the vault key stays as it was', async () => {
    await expect(store().set!(`${DEFAULT_KEYCHAIN_SERVICE}/${ACCOUNT}`, 'replaced')).rejects.toThrow("the vault's own key");
    await expect(store().delete!(DEFAULT_KEYCHAIN_SERVICE)).rejects.toThrow("the vault's own key");
    await expect(store().delete!('xdg:schema=org.freedesktop.Secret.Generic')).rejects.toThrow("the vault's own key");
    expect(lookup('service', DEFAULT_KEYCHAIN_SERVICE, 'username', ACCOUNT)).toBe(KEY);
  });
});
