import { describe, expect, it } from 'vitest';
import { Redactor } from '../../shared/redact';
import { openVault, secretKey, vaultKey } from './index';

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

  it('names what it adopts by its entry: a rotated value as a former value of it, a tokens entry as the sign-in of its server', async () => {
    const redactor = new Redactor();
    const vault = await openVault({ dataDir: '/nonexistent-memory-only', provider: 'memory', redactor });
    const key = secretKey('ROTATED', 'github');
    await vault.set(key, 'sk-live-OLDVALUE-123456');
    await vault.set(key, 'sk-live-NEWVALUE-654321');
    const rotated = { from: 'vault', name: 'ROTATED of github' };
    expect(redactor.knownIn(['sk-live-OLDVALUE-123456'])).toEqual({ source: rotated, former: true });
    expect(redactor.knownIn(['sk-live-NEWVALUE-654321'])).toEqual({ source: rotated, former: false });
    // Deleted, the last value stays known (redaction never forgets a value it has handed out), as a former value.
    await vault.delete(key);
    expect(redactor.knownIn(['sk-live-NEWVALUE-654321'])).toEqual({ source: rotated, former: true });
    expect(redactor.knownIn(['sk-live-OLDVALUE-123456'])).toEqual({ source: rotated, former: true });
    // Set again, the new value is its current one.
    await vault.set(key, 'sk-live-THIRDVALUE-98765');
    expect(redactor.knownIn(['sk-live-THIRDVALUE-98765'])).toEqual({ source: rotated, former: false });

    // A tokens entry's kind is tokens:<the issuer's hash> (electron/auth tokensKey).
    const tokens = vaultKey('linear', 'tokens:4f2a9c');
    await vault.set(tokens, JSON.stringify({ accessToken: 'at-first-0123456789', access_token: 'at-first-0123456789', refresh_token: 'rt-kept-0123456789' }));
    await vault.set(tokens, JSON.stringify({ access_token: 'at-second-0123456789', refresh_token: 'rt-kept-0123456789' }));
    const signIn = { from: 'sign-in', server: 'linear' };
    expect(redactor.knownIn({ q: 'at-first-0123456789' })).toEqual({ source: signIn, former: true });
    expect(redactor.knownIn({ q: 'at-second-0123456789' })).toEqual({ source: signIn, former: false });
    expect(redactor.knownIn({ q: 'rt-kept-0123456789' })).toEqual({ source: signIn, former: false });
    // Signed out (its tokens entry deleted): the tokens it held are former ones.
    await vault.delete(tokens);
    expect(redactor.knownIn({ q: 'rt-kept-0123456789' })).toEqual({ source: signIn, former: true });
    await vault.close();
  });
});
