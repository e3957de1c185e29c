import { spawn } from 'node:child_process';
import { mkdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isCodedError } from '../../shared/errors';
import { openVault, vaultKey, type VaultChange, type VaultOptions } from '../../electron/vault';
import { bundleWriter } from '../fixtures/vault/bundle-writer';
import { fakeProvider } from '../fixtures/vault/fake-provider';
import { FAST_SCRYPT, tempDataDir } from '../fixtures/vault/util';

const PASSPHRASE = 'concurrency-test-passphrase';
const ENV = { CONNECTED_SERVICES_PASSPHRASE: PASSPHRASE };

let writer = '';
beforeAll(async () => {
  writer = await bundleWriter();
});

/** Runs the bundled writer in `keys` mode: `count` different keys, one write after another. */
function writeKeys(dataDir: string, prefix: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writer, 'keys', dataDir, prefix, String(count)], {
      env: { ...process.env, ...ENV },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`writer ${prefix} exited with ${String(code)}: ${stderr}`));
    });
  });
}

function options(dataDir: string, extra: Partial<VaultOptions> = {}): VaultOptions {
  return { dataDir, env: ENV, provider: 'passphrase', scrypt: FAST_SCRYPT, ...extra };
}

describe('one process', () => {
  it('100 interleaved sets and gets on one key run in call order', async () => {
    const vault = await openVault(options(tempDataDir()));
    const key = vaultKey('one', 'tokens');
    const reads: Promise<string | undefined>[] = [];
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 100; i += 1) {
      writes.push(vault.set(key, `value-${i}`));
      reads.push(vault.get(key));
    }
    await Promise.all(writes);
    // Every read sees exactly the write called just before it.
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 100 }, (_, i) => `value-${i}`));
    expect(await vault.get(key)).toBe('value-99');
    await vault.close();
  });

  it('100 parallel sets and gets across keys lose nothing', async () => {
    const dataDir = tempDataDir();
    const vault = await openVault(options(dataDir));
    const keys = Array.from({ length: 100 }, (_, i) => vaultKey(`server-${i}`, 'apiKey'));
    const changes: VaultChange[] = [];
    vault.on('change', (change) => changes.push(change));
    await Promise.all(keys.flatMap((key, i) => [vault.set(key, `v-${i}`), vault.get(key)]));
    expect(await Promise.all(keys.map((key) => vault.get(key)))).toEqual(keys.map((_, i) => `v-${i}`));
    expect(changes.filter((c) => c.change === 'set' && c.origin === 'local')).toHaveLength(100);
    await vault.close();

    const reopened = await openVault(options(dataDir));
    expect(await reopened.keys()).toHaveLength(100);
    await reopened.close();
  });

  it('compare-and-set lets exactly one of many racers win; compare-and-delete only removes the expected value', async () => {
    const vault = await openVault(options(tempDataDir()));
    const key = vaultKey('oauth', 'tokens');
    await vault.set(key, 'refresh-token-0');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => vault.compareAndSet(key, 'refresh-token-0', `refresh-token-${i + 1}`)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true) + 1;
    expect(await vault.get(key)).toBe(`refresh-token-${winner}`);
    expect(await vault.compareAndSet(vaultKey('fresh', 'client'), undefined, 'client-json-1')).toBe(true);
    expect(await vault.compareAndSet(vaultKey('fresh', 'client'), undefined, 'client-json-2')).toBe(false);

    expect(await vault.compareAndDelete(key, 'refresh-token-0')).toBe(false);
    expect(await vault.get(key)).toBe(`refresh-token-${winner}`);
    expect(await vault.compareAndDelete(key, `refresh-token-${winner}`)).toBe(true);
    expect(await vault.get(key)).toBeUndefined();
    await vault.close();
  });
});

describe('several processes', () => {
  it('two processes and this one, each writing 100 different keys at once, lose nothing', async () => {
    const dataDir = tempDataDir();
    const local = await openVault(options(dataDir));
    const localWrites = Array.from({ length: 100 }, (_, i) => local.set(vaultKey(`here-${i}`, 'apiKey'), `here-value-${i}`));
    await Promise.all([writeKeys(dataDir, 'alpha', 100), writeKeys(dataDir, 'beta', 100), ...localWrites]);
    await local.close();

    const vault = await openVault(options(dataDir));
    const keys = await vault.keys();
    expect(keys).toHaveLength(300);
    for (const prefix of ['alpha', 'beta', 'here']) {
      for (let i = 0; i < 100; i += 1) expect(await vault.get(vaultKey(`${prefix}-${i}`, 'apiKey'))).toBe(`${prefix}-value-${i}`);
    }
    await vault.close();
  });

  it("reads pick up another process's writes and report them as external changes", async () => {
    const dataDir = tempDataDir();
    const vault = await openVault(options(dataDir));
    await vault.set(vaultKey('mine', 'apiKey'), 'mine-value-1');
    const changes: VaultChange[] = [];
    vault.on('change', (change) => changes.push(change));

    await writeKeys(dataDir, 'other', 3);
    expect(await vault.get(vaultKey('other-2', 'apiKey'))).toBe('other-value-2');
    expect(changes).toContainEqual({ key: vaultKey('other-0', 'apiKey'), change: 'set', origin: 'external' });
    expect(await vault.get(vaultKey('mine', 'apiKey'))).toBe('mine-value-1');
    await vault.close();
  });

  it('with watchIntervalMs, emits external changes without being asked', async () => {
    const dataDir = tempDataDir();
    const vault = await openVault(options(dataDir, { watchIntervalMs: 50 }));
    await vault.set(vaultKey('mine', 'apiKey'), 'mine-value-1');
    const seen = new Promise<VaultChange>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no external change event within 10 s')), 10_000);
      vault.on('change', (change) => {
        if (change.origin !== 'external') return;
        clearTimeout(timer);
        resolve(change);
      });
    });
    await writeKeys(dataDir, 'watched', 1);
    expect(await seen).toEqual({ key: vaultKey('watched-0', 'apiKey'), change: 'set', origin: 'external' });
    await vault.close();
  });
});

describe('the cross-process lock', () => {
  it('takes over a lock left by a dead process once it is stale', async () => {
    const fake = fakeProvider();
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, provider: fake.provider, lock: { staleMs: 2_000 } });
    await vault.set(vaultKey('a', 'apiKey'), 'before-lock-1');
    const lockDir = join(dataDir, 'vault.enc.lock');
    mkdirSync(lockDir);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockDir, old, old);
    await vault.set(vaultKey('a', 'apiKey'), 'after-stale-lock');
    expect(await vault.get(vaultKey('a', 'apiKey'))).toBe('after-stale-lock');
    await vault.close();
  });

  it('gives up on a live lock with a timeout error that names the lock file', async () => {
    const fake = fakeProvider();
    const dataDir = tempDataDir();
    const vault = await openVault({ dataDir, provider: fake.provider, lock: { staleMs: 10_000, timeoutMs: 300 } });
    await vault.set(vaultKey('a', 'apiKey'), 'before-lock-1');
    mkdirSync(join(dataDir, 'vault.enc.lock'));
    const error: unknown = await vault.set(vaultKey('a', 'apiKey'), 'blocked-value-1').catch((e: unknown) => e);
    expect(isCodedError(error) && error.code).toBe('timeout');
    expect(isCodedError(error) && error.hint).toContain('vault.enc.lock');
    // Reads need no lock.
    expect(await vault.get(vaultKey('a', 'apiKey'))).toBe('before-lock-1');
    await vault.close();
  });
});
