import { describe, expect, it } from 'vitest';
import type { VaultHealth } from '../../shared/vault';
import { vaultDoctorCheck } from './doctor-check';

const ready: VaultHealth = {
  file: '/d/vault.enc',
  fileExists: true,
  provider: 'keychain',
  providerLabel: 'OS keychain (Secret Service)',
  persistent: true,
  safety: 'encrypted',
  state: 'ready',
  message: 'Secrets are encrypted.',
  entryCount: 2,
  corruptFiles: [],
};

describe('vaultDoctorCheck', () => {
  it('is ok for an encrypted ready vault, warns about memory-only and set-aside files, fails when refused', () => {
    expect(vaultDoctorCheck(ready).status).toBe('ok');
    expect(vaultDoctorCheck({ ...ready, safety: 'memory-only', persistent: false }).status).toBe('warn');
    const corrupt = vaultDoctorCheck({ ...ready, corruptFiles: [{ path: '/d/vault.enc.corrupt-x', movedAt: 1 }] });
    expect(corrupt).toMatchObject({ status: 'warn', fix: expect.stringContaining('/d/vault.enc.corrupt-x') as unknown });
    const refused = vaultDoctorCheck({
      ...ready,
      state: 'refused',
      error: { code: 'denied', message: 'unsafe', hint: 'Run: chmod 600 /d/vault.enc' },
    });
    expect(refused).toMatchObject({ status: 'fail', fix: 'Run: chmod 600 /d/vault.enc' });
  });

  it('says the fix of a refused vault once: in its fix line, not also at the end of its detail', () => {
    const hint = 'Run it again with CONNECTED_SERVICES_PASSPHRASE set, or in a terminal so it can ask for the passphrase (a vault opened by serve or the app: start that again so).';
    const sealed = vaultDoctorCheck({
      ...ready,
      state: 'locked',
      message: `The vault is sealed with a passphrase and none was given. ${hint}`,
      error: { code: 'auth_required', message: 'The vault is sealed with a passphrase and none was given.', hint },
    });
    expect(sealed).toEqual({ id: 'vault', title: 'Credential vault', status: 'fail', detail: 'The vault is sealed with a passphrase and none was given.', fix: hint });
  });
});
