import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Vault } from '../../shared/vault';
import { openVault } from '../vault';
import type { AnyOAuth } from './auth-config';
import { assertPinnedIssuer, forgetPinnedIssuer, pinnedIssuer, recordPinnedIssuer } from './issuer-pin';
import { tokensKey } from './token-record';
import { Redactor } from '../../shared/redact';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

async function memoryVault(): Promise<Vault> {
  const vault = await openVault({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-pin-')), 'data'), provider: 'memory', redactor: testRedactor });
  vaults.push(vault);
  return vault;
}

const A = 'https://as-a.test';
const B = 'https://as-b.test';
const secretClient: AnyOAuth = { type: 'client_credentials', clientId: 'c1', clientSecret: '${secret:S}' };

describe('issuer pins of configured client secrets', () => {
  it('pins after success, only for a configured secret, and only for the same client id', async () => {
    const vault = await memoryVault();
    await recordPinnedIssuer(vault, 'srv', { type: 'oauth', clientId: 'public' }, A, 1);
    expect(await pinnedIssuer(vault, 'srv', { type: 'oauth', clientId: 'public' })).toBeUndefined();
    await recordPinnedIssuer(vault, 'srv', secretClient, A, 1);
    expect(await pinnedIssuer(vault, 'srv', secretClient)).toBe(A);
    // The person configured another client: its own first use decides.
    expect(await pinnedIssuer(vault, 'srv', { ...secretClient, clientId: 'c2' })).toBeUndefined();
    expect(await pinnedIssuer(vault, 'other', secretClient)).toBeUndefined();
  });

  it('refuses another issuer, unless the person configured authServerMetadataUrl', () => {
    expect(() => assertPinnedIssuer('srv', secretClient, B, A)).toThrow(expect.objectContaining({ code: 'denied' }));
    expect(() => assertPinnedIssuer('srv', secretClient, A, A)).not.toThrow();
    expect(() => assertPinnedIssuer('srv', secretClient, B, undefined)).not.toThrow();
    expect(() => assertPinnedIssuer('srv', { ...secretClient, authServerMetadataUrl: `${B}/.well-known/openid-configuration` }, B, A)).not.toThrow();
  });

  it('takes the issuer of tokens stored before pins existed, and forgets both on request', async () => {
    const vault = await memoryVault();
    const record = {
      v: 1,
      issuer: A,
      serverUrl: 'https://mcp.test/mcp',
      resource: 'https://mcp.test/mcp',
      flow: 'client_credentials',
      clientId: 'c1',
      clientSource: 'preregistered',
      authMethod: 'client_secret_basic',
      tokenEndpoint: `${A}/token`,
      accessToken: 'at',
      tokenType: 'bearer',
      expiresAt: 2,
      obtainedAt: 1,
      scopes: [],
      requestedScopes: [],
    };
    await vault.set(tokensKey('srv', A), JSON.stringify(record));
    expect(await pinnedIssuer(vault, 'srv', secretClient)).toBe(A);
    expect(await forgetPinnedIssuer(vault, 'srv')).toBe(A);
    expect(await pinnedIssuer(vault, 'srv', secretClient)).toBeUndefined();
    expect(await vault.get(tokensKey('srv', A))).toBeUndefined();
  });
});
