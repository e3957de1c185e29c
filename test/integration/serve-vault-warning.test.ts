import { afterEach, describe, expect, it } from 'vitest';
import { passphraseHome } from '../support/passphrase-home';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

const PASSPHRASE = 'serve vault warning passphrase';
// No keychain (no D-Bus session) and no passphrase.
const NONE = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '' };

// serve without a terminal and without the passphrase started with its vault sealed, and said
// nothing: services and agents needing a secret failed later with no cause shown where serve runs.
describe('serve says at start when its vault cannot be used or kept', () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop();
    served = undefined;
  });

  it('a vault sealed with a passphrase that was not given: warns, saying how to start it', async () => {
    const home = await passphraseHome(PASSPHRASE);
    served = await startServe(home, [], NONE);
    const warning = await eventually(() => Promise.resolve(served?.stderr().includes('warning: The vault') ? served.stderr() : undefined));
    expect(warning).toContain('warning: The vault is sealed with a passphrase and none was given.');
    expect(warning).toContain('Run it again with CONNECTED_SERVICES_PASSPHRASE set');
  }, 60_000);

  it('a vault in memory only: warns that secrets are lost when it ends', async () => {
    served = await startServe(tempHome(), [], NONE);
    const warning = await eventually(() => Promise.resolve(served?.stderr().includes('warning: ') ? served.stderr() : undefined));
    expect(warning).toContain('Secrets are kept in memory for this session only');
  }, 60_000);

  it('a vault opened with its passphrase: no warning', async () => {
    const home = await passphraseHome(PASSPHRASE);
    served = await startServe(home, [], { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE });
    // Start-up's warnings are written before serve waits for its stop: once stopped, all are in.
    const stopping = served;
    served = undefined;
    await stopping.stop();
    expect(stopping.stderr()).toContain('Stopped.');
    expect(stopping.stderr()).not.toMatch(/warning: (The vault|Secrets are kept)/);
  }, 60_000);
});
