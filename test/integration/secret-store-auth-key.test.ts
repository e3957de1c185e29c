import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator } from '../../electron/auth';
import { createSecretStores } from '../../electron/secret-stores';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, startStack, staticToken } from '../support/oauth-harness';
import { makePassStore, type PassFixture } from '../support/pass-store';
import { rejection } from '../support/rejection';

// docs/vault.md, "Secret stores": an `auth` block's API key may come from a store too (OAuth tokens
// stay in our vault); read through the real pass when the server is connected.
const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function coordinatorWith(pass: PassFixture) {
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const stores = createSecretStores({
    settings: () => ({ secretStores: { keys: { type: 'pass', dir: pass.env.PASSWORD_STORE_DIR, gnupgHome: pass.env.GNUPGHOME } } }),
    vault,
    env: process.env,
    approval: () => 'pending',
  });
  const coordinator = createAuthCoordinator({ vault, dataDir, secretStore: (server) => stores.resolverFor(server) });
  cleanups.push(() => coordinator.close());
  return coordinator;
}

describe('an API key from a secret store', () => {
  it('is read from pass when the server connects, and sent to it', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const pass = makePassStore();
    cleanups.push(() => pass.close());
    pass.insert('remote/api-key', await staticToken(stack));
    const coordinator = await coordinatorWith(pass);
    const config = { url: stack.mcp.url, auth: { type: 'api_key', key: '${secret:keys:remote/api-key}' } };
    expect(await coordinator.connect('remote', config)).toMatchObject({ type: 'api_key', connected: true });
    const fetch = coordinator.fetchFor('remote', config);
    if (!fetch) throw new Error('no fetch');
    expect(await (await fetch(stack.mcp.whoamiUrl)).json()).toMatchObject({ client_id: CC_BASIC_CLIENT.clientId });
  }, 60_000);

  it('a locked store is auth_required naming the store and what to do', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const pass = makePassStore({ locked: true });
    cleanups.push(() => pass.close());
    pass.insert('remote/api-key', 'never-read-key-123456');
    const coordinator = await coordinatorWith(pass);
    const config = { url: stack.mcp.url, auth: { type: 'api_key', key: '${secret:keys:remote/api-key}' } };
    const error = await rejection(coordinator.connect('remote', config));
    expect(error.code).toBe('auth_required');
    expect(error.message).toContain('The secret store "keys" could not decrypt "remote/api-key"');
    expect(error.hint).toContain('Unlock your GPG key');
  }, 60_000);
});
