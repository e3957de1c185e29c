import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { secretKey } from '../../shared/vault';
import { openVault, type Vault } from '../vault';
import { stdioAuthTarget, stdioTokenUrl } from './auth-config';
import { canonicalResource } from './resource';
import { tokensKey } from './token-record';
import { createAuthCoordinator } from './coordinator';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
/** What the coordinator makes known to the process's redactor: the values behind references it resolves, the tokens it hands out. */
const PROCESS_KNOWN = ['key-123', 'the-secret', 'access-1', 'refresh-1'];
const processRedactor = leavesProcessRedactorAsFound(PROCESS_KNOWN);

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
  // The process's redactor is shared by the worker's other test files.
  processRedactor.forgetAdded();
});

async function coordinator() {
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-delivered-')), 'data');
  const vault = await openVault({ dataDir, provider: 'memory', redactor: testRedactor });
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

describe('the credential handed to a program on this computer: a credential file that refreshes by itself', () => {
  const stored = {
    v: 1,
    issuer: 'https://staging.example',
    serverUrl: canonicalResource(stdioTokenUrl('mail')),
    resource: '',
    flow: 'browser',
    clientId: 'app',
    clientSource: 'preregistered',
    authMethod: 'client_secret_basic',
    tokenEndpoint: 'https://staging.example/token',
    accessToken: 'access-1',
    tokenType: 'bearer',
    refreshToken: 'refresh-1',
    expiresAt: Date.now() + 3600_000,
    obtainedAt: Date.now(),
    scopes: [],
    requestedScopes: [],
  };

  it('carries the entry secret only while the entry names the server that issued the tokens', async () => {
    const { vault, auth } = await coordinator();
    await vault.set(tokensKey('mail', stored.issuer), JSON.stringify(stored));
    await vault.set(secretKey('MAIL_SECRET'), 'the-secret');
    const at = (issuer: string) => stdioAuthTarget('mail', { auth: { type: 'oauth', issuer, clientId: 'app', clientSecret: '${secret:MAIL_SECRET}' } });
    const same = await auth.credential('mail', at(stored.issuer), { withRefresh: true });
    expect(same.refresh).toMatchObject({ clientId: 'app', clientSecret: 'the-secret', tokenEndpoint: 'https://staging.example/token' });
    // Moved to another server with the same client ID: its secret is not written beside the old one's token endpoint.
    const moved = await auth.credential('mail', at('https://production.example'), { withRefresh: true });
    expect(moved.refresh).toEqual({ clientId: 'app', refreshToken: 'refresh-1', tokenEndpoint: 'https://staging.example/token' });
  });
});
