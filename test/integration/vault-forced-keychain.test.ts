import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// No D-Bus session, so no Secret Service: the keychain asked for by name cannot keep a vault key.
const NO_KEYCHAIN = { CONNECTED_SERVICES_VAULT_PROVIDER: 'keychain', DBUS_SESSION_BUS_ADDRESS: '' };

describe('the OS keychain asked for by name where there is none', () => {
  it('status and doctor say the vault is unavailable, and why, before any secret was stored (they said ready and ok)', async () => {
    const home = tempHome('cs-forced-keychain-');
    const status = await runCli(home, ['status', '--json'], { env: NO_KEYCHAIN });
    const vault = (JSON.parse(status.stdout) as { vault: { state: string; message: string } }).vault;
    expect(vault.state).not.toBe('ready');
    expect(vault.message).toContain('Vault locked or unavailable: no D-Bus session bus');

    const doctor = await runCli(home, ['doctor'], { env: NO_KEYCHAIN });
    expect(doctor.code).toBe(1);
    expect(doctor.stdout).toMatch(/FAIL {2}Credential vault: Vault locked or unavailable: no D-Bus session bus/);
    // The fix names what was asked for; a passphrase in the environment would change nothing.
    expect(doctor.stdout).toContain('The OS keychain was asked for by name (CONNECTED_SERVICES_VAULT_PROVIDER=keychain)');
    expect(doctor.stdout).not.toContain('set CONNECTED_SERVICES_PASSPHRASE');

    const set = await runCli(home, ['secrets', 'set', 'X'], { env: NO_KEYCHAIN, input: 'value\n' });
    expect(set.code).toBe(7);
    expect(set.stderr).toContain('Vault locked or unavailable: no D-Bus session bus');
  }, 60_000);
});
