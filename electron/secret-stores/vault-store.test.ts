import { describe, expect, it } from 'vitest';
import type { VaultHealth } from '../../shared/vault';
import { createVaultStore } from './vault-store';

const vaultOf = (persistent: boolean, over: Partial<VaultHealth> = {}) => {
  const health: VaultHealth = {
    fileExists: false,
    provider: persistent ? 'passphrase' : 'memory',
    providerLabel: persistent ? 'passphrase (scrypt)' : 'memory (this session only)',
    persistent,
    safety: persistent ? 'encrypted' : 'memory-only',
    state: 'ready',
    message: 'ready',
    entryCount: 0,
    corruptFiles: [],
    ...over,
  };
  return { get: () => Promise.resolve(undefined), set: () => Promise.resolve(), delete: () => Promise.resolve(false), keys: () => Promise.resolve([]), health: () => health };
};

describe('the vault as a store', () => {
  it('is not healthy when it keeps secrets only in memory, saying how to keep them', async () => {
    const health = await createVaultStore(vaultOf(false)).health();
    expect(health).toMatchObject({ ok: false, detail: 'The secret store "vault" keeps secrets only in memory, until the app quits.' });
    expect(health.fix).toContain('CONNECTED_SERVICES_PASSPHRASE');
    expect((await createVaultStore(vaultOf(true)).health()).ok).toBe(true);
  });

  it('says why it cannot be used in its own words: a passphrase that does not open it names the variable', async () => {
    const locked = vaultOf(true, { state: 'locked', message: 'The passphrase does not open the vault /h/vault.enc. Check CONNECTED_SERVICES_PASSPHRASE (or the passphrase you typed) and try again.' });
    const health = await createVaultStore(locked).health();
    expect(health).toMatchObject({ ok: false, detail: 'The secret store "vault" is locked: The passphrase does not open the vault /h/vault.enc. Check CONNECTED_SERVICES_PASSPHRASE (or the passphrase you typed) and try again.' });
  });
});
