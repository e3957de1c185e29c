import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openVault } from './open-vault';
import { secretKey } from '../../shared/vault';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['value-123456']);

describe('the passphrase prompt', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not cut off by the key provider time limit while the person types', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-prompt-')), 'home');
    let answer: (value: string) => void = () => undefined;
    const prompt = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const vault = await openVault({ dataDir, provider: 'passphrase', env: {}, prompt, providerTimeoutMs: 1000, scrypt: { N: 1024 }, redactor: testRedactor });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writing = vault.set(secretKey('SLOW_TYPIST'), 'value-123456');
    await vi.waitFor(() => expect(prompt).toHaveBeenCalledTimes(1), { interval: 1, timeout: 10_000 });
    // Long past the provider's time limit; without the fix the write has failed by now.
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    answer('typed slowly');
    await writing;
    expect(await vault.get(secretKey('SLOW_TYPIST'))).toBe('value-123456');
    await vault.close();
  });
});
