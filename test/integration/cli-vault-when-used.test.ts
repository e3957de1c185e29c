import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { tempDir } from '../support/server-harness';

const COUNTER = fileURLToPath(new URL('../fixtures/vault/count-scrypt.mjs', import.meta.url));

/** Runs a command with a passphrase vault, and how many key derivations (scrypt) it started. */
async function counted(home: string, args: string[], passphrase = 'correct horse', input?: string) {
  const file = join(tempDir('scrypt-count-'), 'count');
  const env = { CONNECTED_SERVICES_PASSPHRASE: passphrase, NODE_OPTIONS: `--import ${COUNTER}`, SCRYPT_COUNT_FILE: file };
  const result = await runCli(home, args, { env, ...(input !== undefined ? { input } : {}) });
  const derivations = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0;
  return { ...result, derivations };
}

describe('a passphrase vault is opened when a command uses it, not for every command', () => {
  it('lists without deriving its key, derives it for status and for a call that needs a secret, and says a wrong passphrase where it matters', async () => {
    const home = tempHome('cs-vault-used-');
    const stored = await counted(home, ['secrets', 'set', 'TOKEN'], 'correct horse', 'demo-secret-value\n');
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.derivations).toBe(1);

    // Listings show no vault state: no scrypt (some 0.75 s of CPU each).
    for (const args of [['servers', 'list'], ['agents', 'list']]) {
      const listed = await counted(home, args);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.derivations, args.join(' ')).toBe(0);
    }
    // status says the vault's state: it reads the vault.
    const status = await counted(home, ['status']);
    expect(status.stdout).toContain('Vault:          passphrase (scrypt), ready');
    expect(status.derivations).toBe(1);

    // A call whose server takes a secret reads it then.
    expect((await runCli(home, ['servers', 'edit', 'everything', '--env', 'DEMO_SECRET=${secret:TOKEN}'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'everything', '--yes'])).code).toBe(0);
    const call = await counted(home, ['call', 'everything', 'get-env']);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('"DEMO_SECRET": "[redacted]"');
    expect(call.derivations).toBe(1);

    // A wrong passphrase: a listing is not stopped by it; a call that needs the vault says so.
    const wrongList = await counted(home, ['servers', 'list'], 'wrong');
    expect(wrongList.code, wrongList.stderr).toBe(0);
    expect(wrongList.derivations).toBe(0);
    const wrongCall = await counted(home, ['call', 'everything', 'get-env'], 'wrong');
    expect(wrongCall.code).not.toBe(0);
    expect(wrongCall.stderr).toContain('The passphrase does not open the vault');
    expect(wrongCall.stderr).not.toContain('    at ');
  }, 120_000);
});
