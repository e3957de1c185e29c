import { describe, expect, it } from 'vitest';
import { resolveReferences, secretKey } from '../../shared/vault';
import { openVault } from './open-vault';
import { secretLookup } from './secret-lookup';

describe('secretLookup with resolveReferences', () => {
  it('resolves a server-scoped secret before the global one of the same name', async () => {
    const vault = await openVault({ dataDir: '/nonexistent-memory-vault', provider: 'memory' });
    await vault.set(secretKey('TOKEN'), 'global-token-value');
    await vault.set(secretKey('TOKEN', 'github'), 'github-token-value');
    const env = { HOME_URL: 'https://h.test' };
    expect(await resolveReferences('${secret:TOKEN}@${env:HOME_URL}', { secret: secretLookup(vault, 'github'), env })).toBe(
      'github-token-value@https://h.test',
    );
    expect(await resolveReferences('${secret:TOKEN}', { secret: secretLookup(vault, 'other'), env })).toBe('global-token-value');
    await expect(resolveReferences('${secret:MISSING}', { secret: secretLookup(vault), env })).rejects.toMatchObject({
      code: 'invalid_config',
    });
    expect(vault.health()).toMatchObject({ provider: 'memory', persistent: false });
    await vault.close();
  });
});
