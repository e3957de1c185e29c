import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

describe('secrets CLI', () => {
  it('makes the vault at its first set, at the default scrypt costs, the value never in clear', async () => {
    const home = tempHome();
    const value = 'cli-secret-value-0123456789';
    const set = await runCli(home, ['secrets', 'set', 'API_TOKEN'], { env: PASSPHRASE, input: `${value}\n` });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('${secret:API_TOKEN}');
    const bytes = readFileSync(join(home, 'vault.enc'));
    expect(bytes.includes(Buffer.from(value))).toBe(false);
    // The header (after the 8-byte signature, a version byte and a u32 length) names the costs.
    const header = JSON.parse(bytes.subarray(13, 13 + bytes.readUInt32BE(9)).toString('utf8')) as { provider: string; params: Record<string, unknown> };
    expect(header).toMatchObject({ provider: 'passphrase', params: { kdf: 'scrypt', N: 2 ** 17, r: 8, p: 1 } });

    const list = await runCli(home, ['secrets', 'list', '--json'], { env: PASSPHRASE });
    expect(JSON.parse(list.stdout)).toEqual([{ name: 'API_TOKEN' }]);
  });

  // Cheap costs from here on: each command at the default costs is some 0.6 s of CPU (above).
  it('stores from stdin, lists names only, refuses a wrong passphrase without a stack trace, deletes', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const value = 'cli-secret-value-0123456789';
    const set = await runCli(home, ['secrets', 'set', 'API_TOKEN'], { env: PASSPHRASE, input: `${value}\n` });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('${secret:API_TOKEN}');
    expect(readFileSync(join(home, 'vault.enc')).includes(Buffer.from(value))).toBe(false);

    const list = await runCli(home, ['secrets', 'list', '--json'], { env: PASSPHRASE });
    expect(JSON.parse(list.stdout)).toEqual([{ name: 'API_TOKEN' }]);

    const status = JSON.parse((await runCli(home, ['status', '--json'], { env: PASSPHRASE })).stdout) as { vault: { provider: string; persistent: boolean } };
    expect(status.vault).toMatchObject({ provider: 'passphrase', persistent: true });

    // A wrong passphrase cannot open it, and says so without a stack trace.
    const wrong = await runCli(home, ['secrets', 'list'], { env: { CONNECTED_SERVICES_PASSPHRASE: 'wrong' } });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/error \[\w+\]/);
    expect(wrong.stderr).not.toMatch(/\n\s+at /);

    expect((await runCli(home, ['secrets', 'delete', 'API_TOKEN'], { env: PASSPHRASE })).code).toBe(0);
    const again = await runCli(home, ['secrets', 'delete', 'API_TOKEN'], { env: PASSPHRASE });
    expect(again.code).toBe(3);
  });

  it('delete of a name kept only for a server says where it is kept and the command that deletes it, deleting nothing else', async () => {
    const home = await passphraseHome(PASSPHRASE);
    expect((await runCli(home, ['secrets', 'set', 'SCOPED', '--server', 'everything'], { env: PASSPHRASE, input: 'scoped-secret-value-0123\n' })).code).toBe(0);
    const unscoped = await runCli(home, ['secrets', 'delete', 'SCOPED'], { env: PASSPHRASE });
    expect(unscoped.code).toBe(3);
    expect(unscoped.stderr).toContain('error [not_found]: No secret named SCOPED; SCOPED is kept for server everything');
    expect(unscoped.stderr).toContain('hint: To delete it: `connected-services secrets delete SCOPED --server everything`');
    const other = await runCli(home, ['secrets', 'delete', 'SCOPED', '--server', 'memory'], { env: PASSPHRASE });
    expect(other.stderr).toContain('No secret named SCOPED for server memory; SCOPED is kept for server everything');
    expect((await runCli(home, ['secrets', 'delete', 'SCOPED', '--server', 'everything'], { env: PASSPHRASE })).code).toBe(0);
    const gone = await runCli(home, ['secrets', 'delete', 'SCOPED'], { env: PASSPHRASE });
    expect(gone.stderr).toContain('error [not_found]: No secret named SCOPED\n');
  }, 60_000);

  it('lists after a corrupt vault was moved aside by saying so, where it went, and exiting 1', async () => {
    const home = await passphraseHome(PASSPHRASE);
    expect((await runCli(home, ['secrets', 'set', 'API_TOKEN'], { env: PASSPHRASE, input: 'cli-secret-value-0123456789\n' })).code).toBe(0);
    const file = join(home, 'vault.enc');
    const bytes = readFileSync(file);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0x01;
    writeFileSync(file, bytes);

    // The run that finds it corrupt, then a later one: both tell what happened.
    for (let run = 0; run < 2; run += 1) {
      const list = await runCli(home, ['secrets', 'list'], { env: PASSPHRASE });
      const aside = readdirSync(home).find((name) => name.startsWith('vault.enc.corrupt-'));
      expect(aside).toMatch(/^vault\.enc\.corrupt-\d{4}-\d{2}-\d{2}T/);
      expect({ run, code: list.code }).toEqual({ run, code: 1 });
      expect(list.stdout).not.toContain('No secrets stored.');
      expect(list.stdout).toContain('No secrets in the current vault.');
      expect(list.stderr).toContain('warning: The vault was found corrupt and moved aside to');
      expect(list.stderr).toContain(join(home, aside ?? ''));
      expect(list.stderr).toContain('the secrets it held are not available');
      expect(list.stderr).toContain('secrets set NAME');
    }

    const json = await runCli(home, ['secrets', 'list', '--json'], { env: PASSPHRASE });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual([]);
    const warning = (JSON.parse(json.stderr) as { warning: { message: string; corruptFiles: { path: string; movedAt: number }[] } }).warning;
    expect(warning.message).toContain('corrupt');
    expect(warning.corruptFiles.map((f) => f.path)).toEqual(readdirSync(home).filter((n) => n.includes('.corrupt-')).map((n) => join(home, n)));

    // Re-entered secrets are listed, with the warning until the old file is deleted.
    expect((await runCli(home, ['secrets', 'set', 'API_TOKEN'], { env: PASSPHRASE, input: 'cli-secret-value-0123456789\n' })).code).toBe(0);
    const again = await runCli(home, ['secrets', 'list'], { env: PASSPHRASE });
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('API_TOKEN');
    for (const path of warning.corruptFiles.map((f) => f.path)) rmSync(path);
    const clean = await runCli(home, ['secrets', 'list'], { env: PASSPHRASE });
    expect(clean).toMatchObject({ code: 0, stderr: '' });
    expect(clean.stdout).toContain('API_TOKEN');
  });

  it.skipIf(process.platform === 'win32')('refuses a vault its group can read (0640 file, 0750 folder) with the chmod that fixes it', async () => {
    const home = await passphraseHome(PASSPHRASE);
    expect((await runCli(home, ['secrets', 'set', 'API_TOKEN'], { env: PASSPHRASE, input: 'cli-secret-value-0123456789\n' })).code).toBe(0);
    const file = join(home, 'vault.enc');
    chmodSync(file, 0o640);
    const fileRefused = await runCli(home, ['secrets', 'list'], { env: PASSPHRASE });
    expect(fileRefused.code).toBe(4);
    expect(fileRefused.stderr).toContain(`hint: Run: chmod 600 ${file}`);
    chmodSync(file, 0o600);

    chmodSync(home, 0o750);
    const dirRefused = await runCli(home, ['secrets', 'list'], { env: PASSPHRASE });
    expect(dirRefused.code).toBe(4);
    expect(dirRefused.stderr).toContain(`hint: Run: chmod 700 ${home}`);
    const doctor = JSON.parse((await runCli(home, ['doctor', '--json'], { env: PASSPHRASE })).stdout) as { id: string; status: string; fix?: string }[];
    expect(doctor.find((c) => c.id === 'data-dir')).toMatchObject({ status: 'fail', fix: `chmod 700 "${home}"` });
    expect(doctor.find((c) => c.id === 'vault')).toMatchObject({ status: 'fail', fix: `Run: chmod 700 ${home}` });
    chmodSync(home, 0o700);
    expect((await runCli(home, ['secrets', 'list', '--json'], { env: PASSPHRASE })).stdout).toContain('API_TOKEN');
  });

  it('never takes the value as an argument', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const result = await runCli(home, ['secrets', 'set', 'API_TOKEN', 'the-value'], { env: PASSPHRASE });
    expect(result.code).toBe(2);
  });

  it('refuses a name the vault cannot keep before reading the value', async () => {
    const home = await passphraseHome(PASSPHRASE);
    for (const args of [['secrets', 'set', 'a/b'], ['secrets', 'set', 'a b', '--from-file', join(home, 'missing.key')]]) {
      const result = await runCli(home, args, { env: PASSPHRASE, input: '' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^error \[invalid_input\]: "a.b" cannot be a secret's name: use 1-128 letters/);
    }
    // A 10,000-character name is said in part, not printed whole.
    const long = await runCli(home, ['secrets', 'set', 'a'.repeat(10_000)], { env: PASSPHRASE, input: '' });
    expect(long.code).toBe(2);
    expect(long.stderr.length).toBeLessThan(500);
  });

  // A typo is the person's to fix first: what was typed is checked before the keychain or the vault is asked.
  it("says what is wrong with what was typed before any problem of the keychain's or the vault's", async () => {
    const home = await passphraseHome(PASSPHRASE);
    expect((await runCli(home, ['secrets', 'set', 'KEPT'], { env: PASSPHRASE, input: 'kept-value-123456\n' })).code).toBe(0);
    const noKeychain = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '' };
    const wrongPassphrase = { CONNECTED_SERVICES_PASSPHRASE: 'not the passphrase' };
    const typos: [string[], RegExp][] = [
      [['secrets', 'set', 'bad name'], /^error \[invalid_input\]: "bad name" cannot be a secret's name[^\n]*\n {2}hint: For example: bad_name\n$/],
      [['secrets', 'set', '../up/'], /^error \[invalid_input\]: "\.\.\/up\/" cannot be a secret's name[^\n]*\n {2}hint: For example: up\n$/],
      [['secrets', 'set', 'OK', '--server', 'bad server'], /^error \[invalid_input\]: "bad server" cannot be a server's name/],
      [['secrets', 'set', 'OK', '--server', 'one', '--store', 'pass'], /^error \[invalid_input\]: --server and --store cannot be given together/],
      [['secrets', 'set', 'OK', '--delete-original'], /^error \[invalid_input\]: --delete-original needs --from-file/],
      [['secrets', 'set', 'OK', '--from-file', join(home, 'missing.key')], /^error \[not_found\]: \S*missing\.key does not exist/],
      [['secrets', 'set', '../up', '--store', 'pass'], /^error \[invalid_input\]: "\.\.\/up" cannot be a path in a secret store/],
      [['secrets', 'list', '--store', 'no store'], /^error \[invalid_input\]: "no store" cannot be a secret store's name/],
      [['secrets', 'delete', 'bad name'], /^error \[invalid_input\]: "bad name" cannot be a secret's name/],
      [['secrets', 'delete', 'OK', '--server', 'bad server'], /^error \[invalid_input\]: "bad server" cannot be a server's name/],
      [['secrets', 'stores', 'approve', 'no store'], /^error \[invalid_input\]: "no store" cannot be a secret store's name/],
    ];
    for (const env of [noKeychain, wrongPassphrase]) {
      for (const [args, said] of typos) {
        const result = await runCli(home, args, { env, input: 'typed-value-123456\n' });
        expect({ args, code: result.code }).toEqual({ args, code: args.includes('--from-file') ? 3 : 2 });
        expect(result.stderr, args.join(' ')).toMatch(said);
        expect(result.stderr).not.toMatch(/keychain|passphrase/i);
      }
    }
    // Typed right, the vault's own problem is what is said.
    const wrong = await runCli(home, ['secrets', 'set', 'OK'], { env: wrongPassphrase, input: 'typed-value-123456\n' });
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/passphrase/i);
  }, 120_000);

  it('refuses to store a secret it would lose, saying how to keep it', async () => {
    const home = tempHome();
    const result = await runCli(home, ['secrets', 'set', 'API_TOKEN'], { input: 'value-123456\n', env: { DBUS_SESSION_BUS_ADDRESS: '' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('CONNECTED_SERVICES_PASSPHRASE');
  });

  it('reports an unknown reference with the server and the reference', async () => {
    const home = await passphraseHome(PASSPHRASE);
    await runCli(home, ['servers', 'add', 'needs', '--env', 'KEY=${secret:MISSING_ONE}', '--', 'node', '-e', '0'], { env: PASSPHRASE });
    await runCli(home, ['servers', 'approve', 'needs', '--yes'], { env: PASSPHRASE });
    const call = await runCli(home, ['call', 'needs', 'anything'], { env: PASSPHRASE });
    expect(call.code).toBe(2);
    expect(call.stderr).toContain('error [invalid_config]: Server "needs"');
    expect(call.stderr).toContain('${secret:MISSING_ONE}');
    expect(call.stderr).toContain('secrets set MISSING_ONE');
  });

  it('keeps secrets in a plainly named clear-text file only when the person opts in', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const optIn = { CONNECTED_SERVICES_VAULT_PROVIDER: 'insecure-plaintext-file', DBUS_SESSION_BUS_ADDRESS: '' };
    expect((await runCli(home, ['secrets', 'set', 'PLAIN'], { env: optIn, input: 'plain-value-123\n' })).code).toBe(0);
    const status = JSON.parse((await runCli(home, ['status', '--json'], { env: optIn })).stdout) as { vault: { safety: string; persistent: boolean } };
    expect(status.vault).toMatchObject({ safety: 'insecure-plaintext', persistent: true });
    const doctor = JSON.parse((await runCli(home, ['doctor', '--json'], { env: optIn })).stdout) as { id: string; status: string }[];
    expect(doctor.find((c) => c.id === 'vault')?.status).toBe('warn');

    const typo = await runCli(home, ['status'], { env: { CONNECTED_SERVICES_VAULT_PROVIDER: 'plaintext' } });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('insecure-plaintext-file');
  });
});
