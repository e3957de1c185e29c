import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { DEFAULT_LOCK } from '../fs-safe';
import { createFileBackend } from './file-backend';
import type { Sealer } from './sealer';

describe('file backend: fileExists', () => {
  // health() was read while a wrong passphrase's key derivation ran, and said the vault file was missing.
  it('stays true for a file that is there while a read of it is under way, and after it failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cs-vault-present-'));
    const file = join(dir, 'vault.enc');
    writeFileSync(file, 'sealed', { mode: 0o600 });
    // Each read waits here until refused: nothing left to timing.
    const pending: ((error: Error) => void)[] = [];
    const refuse = (): void => pending.shift()?.(new CodedError('denied', 'wrong passphrase'));
    const sealer: Sealer = {
      open: () => new Promise((_resolve, reject) => pending.push(reject)),
      seal: () => Promise.resolve(Buffer.from('')),
      describe: () => ({ id: 'passphrase', label: 'passphrase', persistent: true, safety: 'encrypted' }),
    };
    const backend = createFileBackend({ file, sealer, platform: process.platform, lock: DEFAULT_LOCK, now: Date.now, onSetAside: () => undefined });
    const first = backend.sync().catch((error: unknown) => error);
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(1);
    refuse();
    expect(await first).toBeInstanceOf(CodedError);
    expect(backend.fileExists()).toBe(true);
    const second = backend.sync().catch((error: unknown) => error);
    expect(backend.fileExists()).toBe(true);
    await expect.poll(() => pending.length, { timeout: 10_000 }).toBe(1);
    expect(backend.fileExists()).toBe(true);
    refuse();
    await second;
    expect(backend.fileExists()).toBe(true);
  });
});
