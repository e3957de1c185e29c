import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openVault } from './open-vault';
import { secretKey } from '../../shared/vault';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['value-123456']);

describe('a vault opened with check: when-used', () => {
  it('asks for no passphrase at the open; the first use does, once, and checkHealth says what it found', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-when-used-')), 'home');
    const first = await openVault({ dataDir, provider: 'passphrase', env: { CONNECTED_SERVICES_PASSPHRASE: 'pw' }, scrypt: { N: 1024 }, redactor: testRedactor });
    await first.set(secretKey('TOKEN'), 'value-123456');
    await first.close();

    const prompt = vi.fn(() => Promise.resolve('pw'));
    const vault = await openVault({ dataDir, provider: 'passphrase', env: {}, prompt, check: 'when-used', redactor: testRedactor });
    expect(prompt).not.toHaveBeenCalled();
    expect(await vault.get(secretKey('TOKEN'))).toBe('value-123456');
    expect(prompt).toHaveBeenCalledTimes(1);
    const health = await vault.checkHealth();
    expect(health.state).toBe('ready');
    expect(health.entryCount).toBe(1);
    expect(prompt).toHaveBeenCalledTimes(1);
    await vault.close();

    // The default reads it at the open.
    const eager = vi.fn(() => Promise.resolve('pw'));
    const opened = await openVault({ dataDir, provider: 'passphrase', env: {}, prompt: eager, redactor: testRedactor });
    expect(eager).toHaveBeenCalledTimes(1);
    expect(opened.health().entryCount).toBe(1);
    await opened.close();
  });
});
