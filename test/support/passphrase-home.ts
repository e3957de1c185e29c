import { openVault, PASSPHRASE_ENV } from '../../electron/vault';
import { secretKey } from '../../shared/vault';
import { FAST_SCRYPT } from '../fixtures/vault/util';
import { tempHome } from './cli';

/**
 * A new data folder (as `tempHome` makes it) whose passphrase vault already exists, empty, written
 * with cheap scrypt costs (FAST_SCRYPT). A vault's costs live in its header, so every command and
 * `serve` a test starts on it derives its key in milliseconds instead of some 0.6 s of CPU at the
 * default N=2^17. Tests of a new vault's own costs or of what a first command creates use `tempHome`.
 */
export async function passphraseHome(passphrase: string | Record<string, string | undefined>, prefix?: string): Promise<string> {
  const given = typeof passphrase === 'string' ? passphrase : passphrase[PASSPHRASE_ENV];
  if (!given) throw new Error('passphraseHome needs the passphrase the test runs its commands with');
  const home = tempHome(prefix);
  const vault = await openVault({ dataDir: home, provider: 'passphrase', env: { [PASSPHRASE_ENV]: given }, scrypt: FAST_SCRYPT });
  try {
    // The file is written at the first change; nothing stays in it.
    const key = secretKey('PASSPHRASE_HOME_SEED');
    await vault.set(key, 'seed');
    await vault.delete(key);
  } finally {
    await vault.close();
  }
  return home;
}
