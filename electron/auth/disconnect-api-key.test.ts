import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { secretKey, vaultKey, type Vault } from '../../shared/vault';
import { openVault } from '../vault';
import type { CoordinatorState } from './coordinator-state';
import type { CoreContext } from './core-context';
import { disconnectServer } from './disconnect-server';
import { Redactor } from '../../shared/redact';
import { leavesProcessRedactorAsFound } from '../../test/support/process-redactor';

// What these vaults hold becomes known to this file's own redactor: the process's is shared by the worker's other test files.
const testRedactor = new Redactor();
leavesProcessRedactorAsFound(['k-scoped', 'k-plain', 'k-global']);

const vaults: Vault[] = [];
afterEach(async () => {
  await Promise.all(vaults.splice(0).map((v) => v.close()));
});

async function setup() {
  const vault = await openVault({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-forget-key-')), 'data'), provider: 'memory', redactor: testRedactor });
  vaults.push(vault);
  const state = { running: new Map(), needs: new Map(), challenges: new Map() } as unknown as CoordinatorState;
  const options = { core: { vault } as unknown as CoreContext, state, report: () => undefined };
  return { vault, options };
}

const URL = 'https://mcp.example.com/mcp';

describe('disconnect with revoke of an API-key service', () => {
  it('forgets the key kept for this service: its own secret, or the vault entry <server>/apiKey', async () => {
    const { vault, options } = await setup();
    await vault.set(secretKey('API_KEY', 'svc'), 'k-scoped');
    const result = await disconnectServer(options, 'svc', { revoke: true, config: { url: URL, auth: { type: 'api_key', key: '${secret:API_KEY}' } } });
    expect(result).toEqual({ removed: 1, revoked: false, forgotApiKey: true });
    expect(await vault.get(secretKey('API_KEY', 'svc'))).toBeUndefined();

    await vault.set(vaultKey('plain', 'apiKey'), 'k-plain');
    await disconnectServer(options, 'plain', { revoke: true, config: { url: URL, auth: { type: 'api_key' } } });
    expect(await vault.get(vaultKey('plain', 'apiKey'))).toBeUndefined();
  });

  it('keeps the key without revoke, and a global secret other services may read', async () => {
    const { vault, options } = await setup();
    await vault.set(secretKey('API_KEY', 'svc'), 'k-scoped');
    await vault.set(secretKey('SHARED'), 'k-global');
    await disconnectServer(options, 'svc', { config: { url: URL, auth: { type: 'api_key', key: '${secret:API_KEY}' } } });
    expect(await vault.get(secretKey('API_KEY', 'svc'))).toBe('k-scoped');
    const result = await disconnectServer(options, 'svc', { revoke: true, config: { url: URL, auth: { type: 'api_key', key: '${secret:SHARED}' } } });
    expect(result).toEqual({ removed: 0, revoked: false });
    expect(await vault.get(secretKey('SHARED'))).toBe('k-global');
  });

  // An entry waiting for approval lends no config to a revocation, yet its key is deleted here all the same.
  it('forgets the key of an entry named only for forgetting, as one waiting for approval is', async () => {
    const { vault, options } = await setup();
    await vault.set(secretKey('API_KEY', 'svc'), 'k-scoped');
    const result = await disconnectServer(options, 'svc', { revoke: true, forget: { url: URL, auth: { type: 'api_key', key: '${secret:API_KEY}' } } });
    expect(result).toEqual({ removed: 1, revoked: false, forgotApiKey: true });
    expect(await vault.get(secretKey('API_KEY', 'svc'))).toBeUndefined();
  });
});
