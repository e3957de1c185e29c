import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { keyringPerFile } from '../support/keyring-per-file';

// docs/vault.md, "Checks": with a real gnome-keyring, the secret-service store's health tells a
// locked keyring apart from a ready one, though its probe's search matches no item either way.
describe('the Secret Service store’s health and a locked keyring', () => {
  const { keyring, store } = keyringPerFile((bus) => bus.store('github', ['service', 'github'], 'ours'));

  it('is ok while the keyring is unlocked', async () => {
    expect(await store().health()).toEqual({ ok: true, detail: 'the Secret Service on the session bus' });
  }, 90_000);

  it('says the keyring is locked, and how to unlock it, once it is', async () => {
    await keyring().relock();
    const health = await store().health();
    expect(health.ok).toBe(false);
    expect(health.detail).toBe('The secret store "secret-service" is locked (the default keyring of the Secret Service, which holds its items, is locked).');
    expect(health.fix).toContain('Unlock your keyring');
    const listed = await runCli(tempHome('cs-locked-health-'), ['secrets', 'stores'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'locked health test passphrase', ...keyring().env } });
    expect(listed.stdout + listed.stderr).toContain('is locked (the default keyring of the Secret Service');
  }, 90_000);
});
