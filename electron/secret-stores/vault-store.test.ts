import { describe, expect, it } from 'vitest';
import type { VaultHealth } from '../../shared/vault';
import { createVaultStore } from './vault-store';

const vaultOf = (persistent: boolean) => {
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
});
