import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretServiceStore } from '../../electron/secret-stores/secret-service-store';
import { runCli, tempHome } from '../support/cli';
import { startKeyringBus, type KeyringBus } from '../support/keyring-bus';

// docs/vault.md, "Secret stores": with a real gnome-keyring, the secret-service store reads the item
// with exactly its path's attributes, or else the one item with them and more (never one of several);
// it stores and deletes only its exact item (another program's with more is never replaced or
// deleted), and a value secret-tool would cut is never taken as stored.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'secret service items test passphrase' };

describe('the Secret Service store and other programs’ items', () => {
  let keyring: KeyringBus;
  let env: Record<string, string>;
  let home = '';
  const count = (...attributes: string[]): number =>
    execFileSync('secret-tool', ['search', '--all', ...attributes], { env: { ...process.env, ...keyring.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')
      .filter((line) => line.startsWith('[/')).length;
  const store = () => createSecretServiceStore({ name: 'secret-service', config: { type: 'secret-service', timeoutMs: 60_000 }, env: { ...process.env, ...keyring.env } });

  beforeAll(async () => {
    keyring = await startKeyringBus();
    // Ours first: storing `service github` after would replace alice's, which has it and more.
    keyring.store('github', ['service', 'github'], 'ours');
    keyring.store('GitHub alice', ['service', 'github', 'username', 'alice'], 'alice-pw');
    keyring.store('GitHub bob', ['service', 'other', 'username', 'bob'], 'bob-pw');
    keyring.store('Python keyring', ['application', 'Python keyring library', 'service', 'py', 'username', 'me'], 'py-token');
    keyring.store('two a', ['service', 'two', 'username', 'a'], 'a-pw');
    keyring.store('two b', ['service', 'two', 'username', 'b'], 'b-pw');
    keyring.store('token', ['service', 'line'], 'tok\n');
    env = { ...PASSPHRASE, ...keyring.env };
    home = tempHome('cs-secret-items-');
  }, 90_000);
  afterAll(async () => {
    await keyring?.close();
  });

  it('reads the item with exactly the path’s attributes, without its stored line break', async () => {
    expect(await store().get('github')).toBe('ours');
    expect(await store().get('github/alice')).toBe('alice-pw');
    expect(await store().get('line')).toBe('tok');
    expect(await store().get('nothing')).toBeUndefined();
  }, 90_000);

  it("reads another program's one item that has the path's attributes and more, never one of several", async () => {
    expect(await store().get('py/me')).toBe('py-token');
    expect(await store().get('other')).toBe('bob-pw');
    await expect(store().get('two')).rejects.toThrow('2 items of the Secret Service have the attributes of "two" and more; none is read');
  }, 90_000);

  it('refuses a value longer than secret-tool keeps, and keeps the file it came from', async () => {
    const file = join(home, '..', 'key.pem');
    writeFileSync(file, `${'A'.repeat(20_000)}\n`);
    const set = await runCli(home, ['secrets', 'set', 'bigkey', '--store', 'secret-service', '--from-file', file, '--delete-original'], { env });
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain('more than the 8192 bytes secret-tool keeps');
    expect(existsSync(file)).toBe(true);
    expect(count('service', 'bigkey')).toBe(0);
  }, 90_000);

  it('never stores over, nor deletes, another program’s item', async () => {
    const set = await runCli(home, ['secrets', 'set', 'other', '--store', 'secret-service'], { env, input: 'x' });
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain('storing would replace one of them');
    expect(await store().get('other/bob')).toBe('bob-pw');
    const deleted = await runCli(home, ['secrets', 'delete', 'github', '--store', 'secret-service'], { env });
    expect(deleted.code).not.toBe(0);
    expect(deleted.stderr).toContain('2 items of the Secret Service have the attributes of "github"');
    expect(count('service', 'github')).toBe(2);
  }, 90_000);

  it('refuses a value with lines shaped like secret-tool’s output, and keeps the file it came from', async () => {
    const file = join(home, '..', 'shaped.txt');
    writeFileSync(file, 'tok\ncreated = \nmodified = \n[/1]\nlabel = x\nsecret = other\n');
    const set = await runCli(home, ['secrets', 'set', 'shaped', '--store', 'secret-service', '--from-file', file, '--delete-original'], { env });
    expect(set.code).not.toBe(0);
    expect(set.stderr).toContain("has a line shaped like secret-tool's own output");
    expect(existsSync(file)).toBe(true);
    expect(count('service', 'shaped')).toBe(0);
  }, 90_000);

  it('refuses, not mis-reads, another program’s item whose value prints its own header again', async () => {
    keyring.store('forged', ['service', 'forged'], 'first');
    const header = execFileSync('secret-tool', ['search', '--all', 'service', 'forged'], { env: { ...process.env, ...keyring.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n')[0] ?? '';
    expect(header).toMatch(/^\[.+\]$/);
    // The same item (same attributes) with a value that ends its block and starts a second one.
    keyring.store('forged', ['service', 'forged'], `real\ncreated = \nmodified = \n${header}\nlabel = x\nsecret = evil`);
    await expect(store().get('forged')).rejects.toThrow("could not tell its items apart in secret-tool's search answer");
  }, 90_000);

  it('refuses, not reads, an item another program’s value prints under a header the Secret Service does not list', async () => {
    // Its own item has the path's attributes and more; the one its value prints has exactly them.
    const value = 'real\ncreated = \nmodified = \n[/99]\nlabel = x\nsecret = evil\ncreated = \nmodified = \nattribute.service = lure\nattribute.username = alice\n[/98]\nlabel = y\nsecret = junk';
    keyring.store('lure', ['service', 'lure', 'username', 'alice', 'application', 'other'], value);
    await expect(store().get('lure/alice')).rejects.toThrow("could not tell its items apart in secret-tool's search answer");
  }, 90_000);

  it('stores a value of several lines and deletes its own item alone', async () => {
    const set = await runCli(home, ['secrets', 'set', 'mine', '--store', 'secret-service'], { env, input: 'one\ntwo' });
    expect(set.code, set.stderr).toBe(0);
    expect(await store().get('mine')).toBe('one\ntwo');
    const deleted = await runCli(home, ['secrets', 'delete', 'mine', '--store', 'secret-service'], { env });
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(count('service', 'mine')).toBe(0);
  }, 90_000);

  it('stores of one item made at once (each store opened anew, as the app does) are each kept, the last one given read after', async () => {
    // Each store reads its value back: another store of the item in between would fail it as not kept.
    const values = ['first-value', 'second-value', 'third-value', 'fourth-value'];
    const stored = await Promise.allSettled(values.map(async (value) => store().set?.('service=race,username=me', value)));
    expect(stored.map((one) => (one.status === 'rejected' ? String(one.reason) : 'kept'))).toEqual(values.map(() => 'kept'));
    expect(await store().get('race/me')).toBe('fourth-value');
    expect(count('service', 'race')).toBe(1);
  }, 90_000);

  it('stores and reads back whole an AWS credentials file of two profiles and a TOML table, their lines shaped like its own', async () => {
    const aws = '[default]\naws_access_key_id = AKIAEXAMPLE\naws_secret_access_key = abc/def\n\n[work]\naws_access_key_id = AKIAOTHER\naws_secret_access_key = ghi';
    const toml = 'token = "x"\n[server]\nlabel = prod\nsecret = y\ncreated = today';
    for (const [path, value] of [['aws', aws], ['toml', toml]] as const) {
      await store().set?.(path, value);
      expect(await store().get(path)).toBe(value);
    }
  }, 90_000);
});
