import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { secretKey } from '../../shared/vault';
import { openVault, type Vault } from '../vault';
import { stdioAuthTarget } from './auth-config';
import { createAuthCoordinator } from './coordinator';

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

async function coordinator() {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-delivered-')), 'data');
  const vault = await openVault({ dataDir, provider: 'memory' });
  vaults.push(vault);
  return { vault, auth: createAuthCoordinator({ vault, dataDir, opener: () => Promise.reject(new Error('no browser')) }) };
}

describe('the credential handed to a program on this computer: an API key', () => {
  const target = stdioAuthTarget('notes', { auth: { type: 'api_key', key: '${secret:NOTES_KEY}' } });

  it('is the key behind the reference', async () => {
    const { vault, auth } = await coordinator();
    await vault.set(secretKey('NOTES_KEY'), 'key-123');
    expect(await auth.credential('notes', target)).toEqual({ accessToken: 'key-123', tokenType: 'Bearer', scopes: [] });
  });

  it('missing: auth_required saying where to store it, then to connect (the server waits until started again)', async () => {
    const { auth } = await coordinator();
    const error = await auth.credential('notes', target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).code).toBe('auth_required');
    expect((error as CodedError).hint).toBe('store the key with `connected-services secrets set NOTES_KEY`, then run `connected-services connect notes` (or press "Enter API key" on its page in the app)');
    // Never held one: the tray offers Connect, not Re-authorize.
    expect((error as CodedError).data).toMatchObject({ server: 'notes', firstSignIn: true });
  });
});

describe('the credential handed to a program on this computer: OAuth never signed in', () => {
  it('is auth_required marked as a first sign-in', async () => {
    const { auth } = await coordinator();
    const target = stdioAuthTarget('mail', { auth: { type: 'oauth', issuer: 'https://id.example', clientId: 'app' } });
    const error = await auth.credential('mail', target).catch((e: unknown) => e);
    expect((error as CodedError).code).toBe('auth_required');
    expect((error as CodedError).data).toMatchObject({ server: 'mail', firstSignIn: true });
  });
});
