import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEPASSXC_DATABASE_ENV, KEEPASSXC_PASSWORD_ENV } from '../../electron/secret-stores';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { makeKeepassxcDatabase } from '../support/keepassxc-store';
import { makePassStore, type PassFixture } from '../support/pass-store';

// docs/vault.md, "Secret stores": `secrets list|set|delete --store STORE` with the real programs,
// each where the store allows it; a value is read from standard input and never printed.
const VALUE = 'managed-store-value-3d9e0b71';
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'store management test passphrase' };

describe('managing the pass store from the command line', () => {
  let store: PassFixture;
  let env: Record<string, string>;
  let home = '';

  beforeAll(async () => {
    store = makePassStore();
    store.insert('work/existing', 'not shown');
    env = { ...PASSPHRASE, ...store.env };
    home = await passphraseHome(PASSPHRASE, 'cs-store-manage-');
  }, 90_000);
  afterAll(() => store?.close());

  it('sets a path from standard input, into pass itself, and never prints the value', async () => {
    const set = await runCli(home, ['secrets', 'set', 'work/new-token', '--store', 'pass'], { env, input: VALUE });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('Stored work/new-token in the secret store pass. Use it in mcp.json as ${secret:pass:work/new-token}.\n');
    const shown = execFileSync('pass', ['show', 'work/new-token'], { env: { ...process.env, ...store.env }, encoding: 'utf8' });
    expect(shown.split('\n')[0]).toBe(VALUE);
  });

  it('--from-file --delete-original: deletes the file once pass has stored it, and keeps it when the store refuses', async () => {
    const file = join(home, '..', 'store-token.txt');
    writeFileSync(file, `${VALUE}-file\n`);
    const unknown = await runCli(home, ['secrets', 'set', 'work/from-file', '--store', 'nosuch', '--from-file', file, '--delete-original'], { env });
    expect(unknown.code).not.toBe(0);
    expect(existsSync(file)).toBe(true);
    const set = await runCli(home, ['secrets', 'set', 'work/from-file', '--store', 'pass', '--from-file', file, '--delete-original'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain('Stored work/from-file in the secret store pass.');
    expect(set.stdout).toContain(`Deleted ${file}.`);
    expect(set.stdout).not.toContain('still there');
    expect(existsSync(file)).toBe(false);
    const shown = execFileSync('pass', ['show', 'work/from-file'], { env: { ...process.env, ...store.env }, encoding: 'utf8' });
    expect(shown.split('\n')[0]).toBe(`${VALUE}-file`);
    execFileSync('pass', ['rm', '-f', 'work/from-file'], { env: { ...process.env, ...store.env } });
  });

  it('refuses a value of several lines, which a reference would read only the first line of, and keeps its file', async () => {
    const file = join(home, '..', 'store-key.pem');
    writeFileSync(file, `-----BEGIN KEY-----\n${VALUE}\n-----END KEY-----\n`);
    const set = await runCli(home, ['secrets', 'set', 'work/key', '--store', 'pass', '--from-file', file, '--delete-original'], { env });
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain('reads only the first line of a pass entry; nothing was stored');
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(store.env.PASSWORD_STORE_DIR, 'work', 'key.gpg'))).toBe(false);
  });

  it('lists its paths, never a value', async () => {
    const list = await runCli(home, ['secrets', 'list', '--store', 'pass'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').filter(Boolean).sort()).toEqual(['work/existing', 'work/new-token']);
    expect(list.stdout + list.stderr).not.toContain(VALUE);
    const json = await runCli(home, ['secrets', 'list', '--store', 'pass', '--json'], { env });
    expect((JSON.parse(json.stdout) as string[]).sort()).toEqual(['work/existing', 'work/new-token']);
  });

  it('deletes a path, and says so when there was none', async () => {
    const deleted = await runCli(home, ['secrets', 'delete', 'work/new-token', '--store', 'pass'], { env });
    expect(deleted.stdout).toBe('Deleted work/new-token from the secret store pass.\n');
    const list = await runCli(home, ['secrets', 'list', '--store', 'pass'], { env });
    expect(list.stdout.split('\n').filter(Boolean)).toEqual(['work/existing']);
    const again = await runCli(home, ['secrets', 'delete', 'work/new-token', '--store', 'pass'], { env });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('The secret store pass holds nothing at work/new-token');
  });

  it('refuses a path that climbs out of the store', async () => {
    const bad = await runCli(home, ['secrets', 'set', '../escape', '--store', 'pass'], { env, input: VALUE });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('".." segments');
    expect(bad.stderr).not.toContain(VALUE);
  });
});

describe('a store that allows less', () => {
  it('KeePassXC lists its entries and refuses to store one, saying what it can do', async () => {
    const kdbx = makeKeepassxcDatabase();
    kdbx.add('Work/token', VALUE);
    const env = { ...PASSPHRASE, [KEEPASSXC_DATABASE_ENV]: kdbx.database, [KEEPASSXC_PASSWORD_ENV]: kdbx.password };
    const home = await passphraseHome(PASSPHRASE, 'cs-store-kdbx-');
    const list = await runCli(home, ['secrets', 'list', '--store', 'keepassxc'], { env });
    expect(list.stderr).toBe('');
    expect(list.stdout).toContain('Work/token');
    expect(list.stdout).not.toContain(VALUE);
    const set = await runCli(home, ['secrets', 'set', 'Work/other', '--store', 'keepassxc'], { env, input: VALUE });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('The secret store "keepassxc" (keepassxc) cannot store values from here');
    expect(set.stderr).toContain('It can list its entries here');
  }, 90_000);

  it('an unknown store is not found', async () => {
    const list = await runCli(await passphraseHome(PASSPHRASE, 'cs-store-none-'), ['secrets', 'list', '--store', 'nowhere'], { env: PASSPHRASE });
    expect(list.stderr).toContain('No secret store named "nowhere" is configured');
  });
});
