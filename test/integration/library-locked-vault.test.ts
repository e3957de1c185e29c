import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { runCli, tempHome } from '../support/cli';

describe('the library on a vault the passphrase does not open', () => {
  // status said fileExists: false while the key derivation ran, and a UI offered to create the vault.
  it('says the vault file is there and locked, while every read is refused', async () => {
    const home = tempHome('cs-library-locked-');
    const set = await runCli(home, ['secrets', 'set', 'A'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'the right passphrase' }, input: 'value-1234567\n' });
    expect(set.code, set.stderr).toBe(0);
    expect(existsSync(join(home, 'vault.enc'))).toBe(true);
    const cs = await openConnectedServices({ home, env: { ...process.env, CONNECTED_SERVICES_PASSPHRASE: 'a wrong passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } });
    try {
      await expect(cs.listSecrets()).rejects.toMatchObject({ code: 'denied' });
      const { vault } = await cs.api.status({});
      expect(vault).toMatchObject({ fileExists: true, state: 'locked' });
    } finally {
      await cs.close();
    }
  }, 60_000);
});
