import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// docs/cli.md, `secrets stores list`: a vault that keeps secrets only in memory (no passphrase, no
// keychain) answers, but is not shown as ready: what is stored in it is gone when the app quits.
describe('the vault store of a vault that keeps secrets only in memory', () => {
  it('is not ok, and says how to keep secrets', async () => {
    const home = tempHome('cs-vault-store-health-');
    const list = await runCli(home, ['secrets', 'stores', 'list', '--json'], { env: { CONNECTED_SERVICES_VAULT_PROVIDER: 'memory', HOME: home } });
    expect(list.stderr).toBe('');
    const rows = JSON.parse(list.stdout) as { name: string; ok: boolean; detail: string; fix?: string }[];
    const vault = rows.find((row) => row.name === 'vault');
    expect(vault).toMatchObject({ ok: false, detail: 'The secret store "vault" keeps secrets only in memory, until the app quits.' });
    expect(vault?.fix).toContain('CONNECTED_SERVICES_PASSPHRASE');
  }, 60_000);
});
