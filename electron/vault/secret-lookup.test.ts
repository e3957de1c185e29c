import { describe, expect, it } from 'vitest';
import { resolveReferences, secretKey } from '../../shared/vault';
import { openVault } from './open-vault';
import { secretLookup } from './secret-lookup';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['global-token-value', 'github-token-value']);

describe('secretLookup with resolveReferences', () => {
  it('resolves a server-scoped secret before the global one of the same name', async () => {
    const vault = await openVault({ dataDir: '/nonexistent-memory-vault', provider: 'memory', redactor: testRedactor });
    await vault.set(secretKey('TOKEN'), 'global-token-value');
    await vault.set(secretKey('TOKEN', 'github'), 'github-token-value');
    const env = { HOME_URL: 'https://h.test' };
    expect(await resolveReferences('${secret:TOKEN}@${env:HOME_URL}', { secret: secretLookup(vault, 'github'), env, redactor: testRedactor })).toBe(
      'github-token-value@https://h.test',
    );
    expect(await resolveReferences('${secret:TOKEN}', { secret: secretLookup(vault, 'other'), env, redactor: testRedactor })).toBe('global-token-value');
    await expect(resolveReferences('${secret:MISSING}', { secret: secretLookup(vault), env, redactor: testRedactor })).rejects.toMatchObject({
      code: 'invalid_config',
    });
    expect(vault.health()).toMatchObject({ provider: 'memory', persistent: false });
    await vault.close();
  });
});
