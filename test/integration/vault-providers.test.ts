import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVault, secretKey, vaultKey, type VaultOptions } from '../../electron/vault';
import { fakeProvider } from '../fixtures/vault/fake-provider';
import { FAST_SCRYPT, filesContaining, hashOf, tempDataDir } from '../fixtures/vault/util';
import { rejection } from '../support/rejection';

const KEY = secretKey('PROVIDER_TEST');
const VALUE = 'provider-test-secret-value-81d2';


/** A vault holding VALUE under KEY, sealed with the given fake provider. */
async function seeded(options: Partial<VaultOptions> & Pick<VaultOptions, 'provider'>): Promise<string> {
  const dataDir = tempDataDir();
  const vault = await openVault({ env: {}, ...options, dataDir });
  await vault.set(KEY, VALUE);
  await vault.close();
  return dataDir;
}

describe('no safe key provider', () => {
  it('auto keeps secrets in memory only and says so; nothing is written', async () => {
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, env: {} });
    const health = vault.health();
    expect(health).toMatchObject({ provider: 'memory', persistent: false, safety: 'memory-only', state: 'ready' });
    expect(health.message).toMatch(/in memory for this session only/);
    expect(health.message).toMatch(/D-Bus/);
    await vault.set(KEY, VALUE);
    expect(await vault.get(KEY)).toBe(VALUE);
    await vault.close();
    expect(existsSync(dataDir)).toBe(false);
  });

  it('an explicit keychain without a Secret Service refuses to write, and writes nothing in clear', async () => {
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, env: {}, provider: 'keychain' });
    const error = await rejection(vault.set(KEY, VALUE));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toMatch(/^Vault locked or unavailable: .*D-Bus/);
    expect(error.hint).toMatch(/CONNECTED_SERVICES_PASSPHRASE/);
    expect(vault.health().state).toBe('locked');
    expect(existsSync(join(dataDir, 'vault.enc'))).toBe(false);
    expect(filesContaining(dataDir, VALUE)).toEqual([]);
    await vault.close();
  });

  it('a passphrase vault without its passphrase is locked; nothing is lost', async () => {
    const dataDir = await seeded({ provider: 'passphrase', env: { CONNECTED_SERVICES_PASSPHRASE: 'right' }, scrypt: FAST_SCRYPT });
    const file = join(dataDir, 'vault.enc');
    const before = hashOf(file);

    const locked = await openVault({ dataDir, env: {} });
    expect(locked.health()).toMatchObject({ provider: 'passphrase', state: 'locked', fileExists: true });
    expect((await rejection(locked.get(KEY))).code).toBe('auth_required');
    expect((await rejection(locked.set(KEY, 'other-value-123'))).code).toBe('auth_required');
    await locked.close();

    const wrong = await openVault({ dataDir, env: { CONNECTED_SERVICES_PASSPHRASE: 'wrong' } });
    const denied = await rejection(wrong.get(KEY));
    expect(denied.code).toBe('denied');
    expect(denied.message).toMatch(/passphrase does not open/);
    expect(wrong.health().corruptFiles).toEqual([]);
    await wrong.close();

    const prompted = await openVault({ dataDir, env: {}, prompt: () => Promise.resolve('right') });
    expect(await prompted.get(KEY)).toBe(VALUE);
    await prompted.close();
    expect(hashOf(file)).toBe(before);
  });
});

describe('a key provider that hangs', () => {
  it('times out with "vault locked or unavailable" instead of hanging; nothing is lost', async () => {
    const fake = fakeProvider('ok');
    const dataDir = await seeded({ provider: fake.provider });
    const file = join(dataDir, 'vault.enc');
    const before = hashOf(file);

    fake.state.mode = 'hang';
    const vault = await openVault({ dataDir, provider: fake.provider, providerTimeoutMs: 200 });
    expect(vault.health().state).toBe('locked');
    const error = await rejection(vault.get(KEY));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe('Vault locked or unavailable: the fake keychain did not answer within 0.2 s.');
    expect((await rejection(vault.set(KEY, 'other-value-123'))).code).toBe('server_unavailable');
    expect(hashOf(file)).toBe(before);

    // Unlocked again: the same vault object recovers and the value is intact.
    fake.state.mode = 'ok';
    expect(await vault.get(KEY)).toBe(VALUE);
    expect(vault.health().state).toBe('ready');
    await vault.close();
  });

  it('a new vault whose provider hangs writes nothing', async () => {
    const fake = fakeProvider('hang');
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, provider: fake.provider, providerTimeoutMs: 200 });
    expect((await rejection(vault.set(KEY, VALUE))).code).toBe('server_unavailable');
    expect(filesContaining(dataDir, VALUE)).toEqual([]);
    expect(existsSync(join(dataDir, 'vault.enc'))).toBe(false);
    await vault.close();
  });
});

/** This process's keychain helper children (`node -e <script using AsyncEntry>`). */
function keychainHelpers(): string[] {
  let out = '';
  try {
    out = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    // ps exits 1 when there are no children at all.
  }
  return out.split('\n').filter((line) => line.includes('AsyncEntry'));
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('a real D-Bus that never answers', () => {
  let server: net.Server;
  let address: string;
  beforeAll(async () => {
    // Accepts connections and reads, never replies: the keychain binding blocks in its D-Bus handshake.
    address = join(mkdtempSync(join(tmpdir(), 'cs-hung-bus-')), 'bus');
    server = net.createServer((socket) => socket.resume());
    await new Promise<void>((resolve) => server.listen(address, resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('the keychain call is bounded: its helper process is killed and the error is clear', async () => {
    const env = { DBUS_SESSION_BUS_ADDRESS: `unix:path=${address}` };
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, env, provider: 'keychain', providerTimeoutMs: 1_000 });
    const error = await rejection(vault.set(KEY, VALUE));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toMatch(/OS keychain \(Secret Service\) did not answer within 1 s/);
    expect(existsSync(join(dataDir, 'vault.enc'))).toBe(false);
    expect(await until(() => keychainHelpers().length === 0, 5_000), 'the stuck helper was not killed').toBe(true);
    await vault.close();

    // Auto: the probe times out too, so the vault falls back to memory and says why.
    const auto = await openVault({ dataDir: tempDataDir(), env, providerTimeoutMs: 1_000 });
    expect(auto.health()).toMatchObject({ provider: 'memory', persistent: false });
    expect(auto.health().message).toMatch(/did not answer/);
    await auto.close();
  });
});

describe('a key provider that returns garbage', () => {
  it('is a clear error; nothing is lost and nothing is written', async () => {
    const fake = fakeProvider('ok');
    const dataDir = await seeded({ provider: fake.provider });
    const file = join(dataDir, 'vault.enc');
    const before = hashOf(file);

    fake.state.mode = 'garbage';
    const vault = await openVault({ dataDir, provider: fake.provider });
    const error = await rejection(vault.get(KEY));
    expect(error.code).toBe('internal');
    expect(error.message).toBe('The fake keychain returned a vault key of 5 bytes; a vault key has 32.');
    expect((await rejection(vault.set(vaultKey('other', 'apiKey'), 'x-value-1234'))).code).toBe('internal');
    expect(vault.health().corruptFiles).toEqual([]);
    await vault.close();

    fake.state.mode = 'other-key';
    const wrong = await openVault({ dataDir, provider: fake.provider });
    const denied = await rejection(wrong.get(KEY));
    expect(denied.code).toBe('denied');
    expect(denied.message).toMatch(/key from the fake keychain does not open/);
    await wrong.close();

    expect(hashOf(file)).toBe(before);
    fake.state.mode = 'ok';
    const good = await openVault({ dataDir, provider: fake.provider });
    expect(await good.get(KEY)).toBe(VALUE);
    await good.close();
  });

  it('a new vault with a garbage key is never created', async () => {
    const fake = fakeProvider('garbage');
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, provider: fake.provider });
    expect((await rejection(vault.set(KEY, VALUE))).code).toBe('internal');
    expect(filesContaining(dataDir, VALUE)).toEqual([]);
    await vault.close();
  });
});

describe('provider choice follows the file', () => {
  it('auto opens a passphrase vault; an explicit other provider is refused', async () => {
    const env = { CONNECTED_SERVICES_PASSPHRASE: 'pw-follow' };
    const dataDir = await seeded({ provider: 'auto', env, scrypt: FAST_SCRYPT });
    const auto = await openVault({ dataDir, env });
    expect(auto.health()).toMatchObject({ provider: 'passphrase', state: 'ready' });
    expect(await auto.get(KEY)).toBe(VALUE);
    await auto.close();

    const fake = fakeProvider('ok');
    const other = await openVault({ dataDir, env, provider: fake.provider });
    expect(other.health().state).toBe('refused');
    expect((await rejection(other.get(KEY))).message).toMatch(/sealed by the "passphrase" key provider, but "fake"/);
    await other.close();
  });
});

describe('insecure plaintext file, by explicit choice only', () => {
  it('stores secrets in a plainly named 0600 file and says so', async () => {
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, provider: 'insecure-plaintext-file' });
    await vault.set(KEY, VALUE);
    const health = vault.health();
    expect(health).toMatchObject({ provider: 'insecure-plaintext-file', safety: 'insecure-plaintext', persistent: true });
    expect(health.message).toMatch(/UNENCRYPTED/);
    await vault.close();
    const file = join(dataDir, 'vault.insecure-plaintext.json');
    expect(readFileSync(file, 'utf8')).toContain(VALUE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
