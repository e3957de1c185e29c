import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { startStack, type Stack } from '../support/oauth-harness';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'add service oauth passphrase' };

let core: Core | undefined;
let stack: Stack | undefined;
afterEach(async () => {
  await core?.close();
  await stack?.close();
});

describe('addService against the real authorization server (oidc-provider)', () => {
  it('a sign-in cancelled in the middle leaves nothing: no entry, no secret', async () => {
    stack = await startStack();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-add-oauth-')), 'home');
    // The browser never comes back: the person cancels.
    core = await createCore({ dataDir, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', opener: () => Promise.resolve() });
    const api = core.api;
    const config = { type: 'http' as const, url: stack.mcp.url, headers: { 'X-Team': '${secret:TEAM}' }, auth: { type: 'oauth' as const, scopes: ['openid', 'mcp:read'] } };
    const { commandLine } = await api.addService({ name: 'notes', config, dryRun: true });
    expect(commandLine).toContain('${secret:TEAM} in header X-Team');
    const adding = api.addService({ name: 'notes', config, secrets: [{ name: 'TEAM', value: 'team-secret-1' }], approve: { commandLine: commandLine ?? '' } });
    adding.catch(() => undefined);
    // The sign-in waits with its address at the real authorization server.
    await expect.poll(async () => (await api.listSignIns({})).find((s) => s.server === 'notes' && s.url !== undefined)?.state, { timeout: 20_000 }).toBe('waiting');
    expect((await api.listSignIns({})).find((s) => s.server === 'notes')?.url).toContain(stack.as.issuer);
    await api.cancelLogin({ name: 'notes' });
    const error = await adding.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('cancelled');
    expect(error?.message).toContain('Nothing was kept');
    expect((await api.status({})).servers.some((s) => s.name === 'notes')).toBe(false);
    expect(await api.listSecrets({})).toEqual([]);
  }, 60_000);
});
