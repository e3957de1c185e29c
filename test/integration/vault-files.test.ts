import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import { redact, REDACTED } from '../../shared/redact';
import { openVault, secretKey, vaultKey, type VaultHealth, type VaultOptions } from '../../electron/vault';
import { fakeProvider } from '../fixtures/vault/fake-provider';
import { hashOf, tempDataDir, transparentRedactor } from '../fixtures/vault/util';
import { rejection } from '../support/rejection';

const KEY = secretKey('FILES_TEST');
const SENTINEL = 'sentinel-secret-4c1f9e-never-in-errors';


/** A vault with SENTINEL stored, a provider that works, and a transparent redactor (errors checked raw). */
async function seeded(extra: Partial<VaultOptions> = {}) {
  const fake = fakeProvider('ok');
  const dataDir = tempDataDir();
  const options: VaultOptions = { dataDir, provider: fake.provider, redactor: transparentRedactor, ...extra };
  const vault = await openVault(options);
  await vault.set(KEY, SENTINEL);
  await vault.close();
  return { dataDir, file: join(dataDir, 'vault.enc'), options, fake };
}

function everything(error: CodedError): string {
  return JSON.stringify({ message: error.message, hint: error.hint, data: error.data, wire: error.toWire(), cause: String(error.cause) });
}

describe('permissions', () => {
  it('refuses a vault file readable by others, naming the file and the fix', async () => {
    const { file, options } = await seeded();
    chmodSync(file, 0o644);
    const vault = await openVault(options);
    const health = vault.health();
    expect(health.state).toBe('refused');
    const error = await rejection(vault.get(KEY));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(file);
    expect(error.message).toContain('0644');
    expect(error.hint).toBe(`Run: chmod 600 ${file}`);
    expect((await rejection(vault.set(KEY, 'replacement-1234'))).hint).toBe(`Run: chmod 600 ${file}`);
    expect(everything(error)).not.toContain(SENTINEL);

    chmodSync(file, 0o600);
    expect(await vault.get(KEY)).toBe(SENTINEL);
    expect(vault.health().state).toBe('ready');
    await vault.close();
  });

  it('refuses a vault folder others can enter, naming the folder and the fix', async () => {
    const { dataDir, file, options } = await seeded();
    chmodSync(dataDir, 0o755);
    const before = hashOf(file);
    const vault = await openVault(options);
    expect(vault.health().state).toBe('refused');
    const error = await rejection(vault.set(KEY, 'replacement-1234'));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(dataDir);
    expect(error.hint).toBe(`Run: chmod 700 ${dataDir}`);
    expect(hashOf(file)).toBe(before);
    await vault.close();
  });

  it('refuses a vault file only its group can read (0640), not only one others can', async () => {
    const { file, options } = await seeded();
    chmodSync(file, 0o640);
    const vault = await openVault(options);
    expect(vault.health().state).toBe('refused');
    const error = await rejection(vault.get(KEY));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('0640');
    expect(error.hint).toBe(`Run: chmod 600 ${file}`);
    expect(everything(error)).not.toContain(SENTINEL);
    await vault.close();
  });

  it('refuses a vault folder only its group can enter (0750), not only one others can', async () => {
    const { dataDir, file, options } = await seeded();
    chmodSync(dataDir, 0o750);
    const before = hashOf(file);
    const vault = await openVault(options);
    expect(vault.health().state).toBe('refused');
    const error = await rejection(vault.set(KEY, 'replacement-1234'));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('0750');
    expect(error.hint).toBe(`Run: chmod 700 ${dataDir}`);
    expect(hashOf(file)).toBe(before);
    await vault.close();
  });

  it('refuses an existing shared folder for a new vault instead of writing into it', async () => {
    const dataDir = tempDataDir();
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const vault = await openVault({ dataDir, provider: fakeProvider().provider });
    expect((await rejection(vault.set(KEY, SENTINEL))).hint).toBe(`Run: chmod 700 ${dataDir}`);
    expect(readdirSync(dataDir)).toEqual([]);
    await vault.close();
  });
});

describe('a damaged vault file', () => {
  for (const [where, offset] of [
    ['ciphertext', -20],
    ['header', 20],
  ] as const) {
    it(`with a flipped byte in the ${where} is moved aside and reported, never silently emptied`, async () => {
      const { dataDir, file, options } = await seeded();
      const bytes = readFileSync(file);
      const at = offset < 0 ? bytes.length + offset : offset;
      bytes[at] = (bytes[at] ?? 0) ^ 0x01;
      writeFileSync(file, bytes);

      const logs: string[] = [];
      const vault = await openVault({ ...options, log: (line) => logs.push(line) });
      const health = vault.health();
      expect(health.corruptFiles).toHaveLength(1);
      const aside = health.corruptFiles[0]?.path ?? '';
      expect(aside).toMatch(/vault\.enc\.corrupt-\d{4}-\d{2}-\d{2}T/);
      expect(readFileSync(aside).equals(bytes)).toBe(true);
      expect(existsSync(file)).toBe(false);
      expect(health.message).toContain(aside);
      expect(logs.join('\n')).toContain(aside);
      expect(await vault.get(KEY)).toBeUndefined();

      // New writes start a fresh vault; health keeps saying where the old one went.
      await vault.set(KEY, 'fresh-value-after-corruption');
      expect(vault.health().corruptFiles.map((c) => c.path)).toEqual([aside]);
      await vault.close();

      // Another process (a fresh open) sees the set-aside file too.
      const again = await openVault(options);
      expect(again.health().corruptFiles.map((c) => c.path)).toEqual([aside]);
      expect(await again.get(KEY)).toBe('fresh-value-after-corruption');
      await again.close();
      expect(readdirSync(dataDir).sort()).toEqual(['vault.enc', aside.slice(dataDir.length + 1)].sort());
      expect(JSON.stringify(health)).not.toContain(SENTINEL);
    });
  }

  // A write that found the file corrupt with nothing of it in memory started an empty vault unsaid.
  it('refuses a write of a process that never read it, saying where it went; the next write starts anew', async () => {
    const dataDir = tempDataDir();
    const options: VaultOptions = { dataDir, provider: fakeProvider('ok').provider, redactor: transparentRedactor };
    const blind = await openVault(options);
    const writer = await openVault(options);
    await writer.set(KEY, SENTINEL);
    await writer.close();
    const file = join(dataDir, 'vault.enc');
    const bytes = readFileSync(file);
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0x01;
    writeFileSync(file, bytes);

    const error = await rejection(blind.set(secretKey('OTHER'), 'other-value-0123456789'));
    const aside = readdirSync(dataDir).filter((name) => name.includes('.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(error.message).toContain(`moved aside to ${join(dataDir, aside[0] ?? '')}`);
    expect(error.message).toContain('nothing was stored');
    expect(existsSync(file)).toBe(false);
    await blind.set(secretKey('OTHER'), 'other-value-0123456789');
    expect(await blind.keys()).toEqual([secretKey('OTHER')]);
    await blind.close();
  });

  it('a truncated file is moved aside; a file from a newer version is refused and left alone', async () => {
    const { file, options } = await seeded();
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, 30));
    const truncated = await openVault(options);
    expect(truncated.health().corruptFiles).toHaveLength(1);
    await truncated.close();

    const newer = Buffer.from(bytes);
    newer[8] = 2;
    writeFileSync(file, newer, { mode: 0o600 });
    const vault = await openVault(options);
    expect(vault.health().state).toBe('refused');
    expect((await rejection(vault.get(KEY))).message).toMatch(/newer version/);
    expect(readFileSync(file).equals(newer)).toBe(true);
    await vault.close();
  });
});

describe('secrets never in errors', () => {
  it('no error or health of any failure carries a stored value', async () => {
    const { dataDir, file, options, fake } = await seeded();
    const seen: string[] = [];
    const record = (error: CodedError, health: VaultHealth): void => {
      seen.push(everything(error), JSON.stringify(health));
    };
    const attempt = async (extra: Partial<VaultOptions>): Promise<void> => {
      const vault = await openVault({ ...options, ...extra, log: (line) => seen.push(line) });
      record(await rejection(vault.get(KEY)), vault.health());
      record(await rejection(vault.set(KEY, `${SENTINEL}-2`)), vault.health());
      await vault.close();
    };

    chmodSync(file, 0o644);
    await attempt({});
    chmodSync(file, 0o600);
    chmodSync(dataDir, 0o755);
    await attempt({});
    chmodSync(dataDir, 0o700);
    for (const mode of ['hang', 'garbage', 'other-key', 'fail'] as const) {
      fake.state.mode = mode;
      await attempt({ providerTimeoutMs: 100 });
    }
    expect(seen.length).toBeGreaterThanOrEqual(24);
    for (const text of seen) expect(text).not.toContain(SENTINEL);
  });

  it('every value the vault has held is known to the process redactor, even after it is deleted', async () => {
    const dataDir = tempDataDir();
    const provider = fakeProvider().provider;
    const vault = await openVault({ dataDir, provider });
    const value = 'redaction-check-value-5b7e';
    await vault.set(KEY, value);
    expect(redact(`failed with ${value}`)).toBe(`failed with ${REDACTED}`);
    await vault.set(vaultKey('github', 'tokens'), JSON.stringify({ access_token: 'gho_accesstoken123', token_type: 'Bearer' }));
    expect(redact('leaked gho_accesstoken123 here')).toBe(`leaked ${REDACTED} here`);
    await vault.delete(KEY);
    // A deleted secret may still be in a running server's environment: it stays redacted.
    expect(redact(value)).toBe(REDACTED);
    await vault.close();

    // Values another process wrote are registered when this one reads them.
    const stored = 'registered-on-read-value-9d1c';
    const writer = await openVault({ dataDir, provider, redactor: transparentRedactor });
    await writer.set(vaultKey('other', 'apiKey'), stored);
    await writer.close();
    expect(redact(stored)).toBe(stored);
    const reader = await openVault({ dataDir, provider });
    expect(redact(stored)).toBe(REDACTED);
    await reader.close();
  });
});
