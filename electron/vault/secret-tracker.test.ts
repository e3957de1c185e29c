import { describe, expect, it } from 'vitest';
import { Redactor } from '../../shared/redact';
import { openVault, secretKey } from './index';

describe('the vault and the redactor', () => {
  it('keeps redacting a value after it is rotated or deleted (a running server or a live token may still carry it)', async () => {
    const redactor = new Redactor();
    const vault = await openVault({ dataDir: '/nonexistent-memory-only', provider: 'memory', redactor });
    const key = secretKey('ROTATED');
    await vault.set(key, 'sk-live-OLDVALUE-123456');
    await vault.set(key, 'sk-live-NEWVALUE-654321');
    await vault.set(secretKey('JSON'), JSON.stringify({ access_token: 'at-old-0123456789', scope: 'x' }));
    await vault.delete(key);
    await vault.delete(secretKey('JSON'));
    const text = redactor.redact('old sk-live-OLDVALUE-123456, new sk-live-NEWVALUE-654321, token at-old-0123456789');
    expect(text).not.toMatch(/OLDVALUE|NEWVALUE|at-old/);
    await vault.close();
  });
});
