import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretServiceStore } from '../../electron/secret-stores/secret-service-store';
import { runCli, tempHome } from '../support/cli';
import { startKeyringBus, type KeyringBus } from '../support/keyring-bus';

// docs/vault.md, "Checks": with a real gnome-keyring, the secret-service store's health tells a
// locked keyring apart from a ready one, though its probe's search matches no item either way.
describe('the Secret Service store’s health and a locked keyring', () => {
  let keyring: KeyringBus;
  const store = () => createSecretServiceStore({ name: 'secret-service', config: { type: 'secret-service', timeoutMs: 60_000 }, env: { ...process.env, ...keyring.env } });

  beforeAll(async () => {
    keyring = await startKeyringBus();
    keyring.store('github', ['service', 'github'], 'ours');
  }, 90_000);
  afterAll(async () => {
    await keyring?.close();
  });

  it('is ok while the keyring is unlocked', async () => {
    expect(await store().health()).toEqual({ ok: true, detail: 'the Secret Service on the session bus' });
  }, 90_000);

  it('says the keyring is locked, and how to unlock it, once it is', async () => {
    await keyring.relock();
    const health = await store().health();
    expect(health.ok).toBe(false);
    expect(health.detail).toBe('The secret store "secret-service" is locked (the default keyring of the Secret Service, which holds its items, is locked).');
    expect(health.fix).toContain('Unlock your keyring');
    const listed = await runCli(tempHome('cs-locked-health-'), ['secrets', 'stores'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'locked health test passphrase', ...keyring.env } });
    expect(listed.stdout + listed.stderr).toContain('is locked (the default keyring of the Secret Service');
  }, 90_000);
});
