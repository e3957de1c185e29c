import { describe, expect, it } from 'vitest';
import type { KeyProvider } from './key-provider';
import { chooseNewProvider } from './provider-choice';

const provider = (id: string, probe?: KeyProvider['probe']): KeyProvider =>
  ({ id, label: id === 'keychain' ? 'Secret Service' : 'passphrase', ...(probe ? { probe } : {}) }) as KeyProvider;

describe('the provider a new vault is sealed with', () => {
  it('names why no keychain is usable as a sentence of its own, not in brackets inside brackets', async () => {
    const keychain = provider('keychain', () =>
      Promise.resolve({ available: false, reason: 'Vault locked or unavailable: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service; it would be lost at reboot.' }),
    );
    const chosen = await chooseNewProvider('auto', { keychain, passphrase: provider('passphrase') }, { env: {}, timeoutMs: 1000, hasPrompt: false });
    expect(chosen).toEqual({
      provider: undefined,
      note: 'No usable OS keychain: no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set), so no Secret Service; it would be lost at reboot. CONNECTED_SERVICES_PASSPHRASE is not set either.',
    });
  });

  it('uses the keychain when it answers, and the passphrase when one is set or can be asked for', async () => {
    const keychain = provider('keychain', () => Promise.resolve({ available: true }));
    const passphrase = provider('passphrase');
    expect((await chooseNewProvider('auto', { keychain, passphrase }, { env: {}, timeoutMs: 1000, hasPrompt: false })).provider).toBe(keychain);
    const down = provider('keychain', () => Promise.resolve({ available: false, reason: 'locked' }));
    expect((await chooseNewProvider('auto', { keychain: down, passphrase }, { env: { CONNECTED_SERVICES_PASSPHRASE: 'x' }, timeoutMs: 1000, hasPrompt: false })).provider).toBe(passphrase);
    expect((await chooseNewProvider('auto', { keychain: down, passphrase }, { env: {}, timeoutMs: 1000, hasPrompt: true })).provider).toBe(passphrase);
  });
});
