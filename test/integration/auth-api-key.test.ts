import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type AuthStatusChange } from '../../electron/auth';
import { secretKey, vaultKey } from '../../electron/vault';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, startStack, staticToken } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Another origin that records what it is sent. */
async function bystander(): Promise<{ url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, seen };
}


describe('auth: static API keys from the vault', () => {
  it('sends the key from a ${secret:…} reference, only to the server, and reports a refused key', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const statuses: [string, AuthStatusChange][] = [];
    const coordinator = createAuthCoordinator({ vault, dataDir, onStatus: (server, status) => statuses.push([server, status]) });
    cleanups.push(() => coordinator.close());
    const config = { url: stack.mcp.url, auth: { type: 'api_key', key: '${secret:REMOTE_KEY}' } };

    const missing = await rejection(coordinator.connect('remote', config));
    expect(missing.code).toBe('auth_required');
    expect(missing.hint).toContain('connected-services secrets set REMOTE_KEY');

    await vault.set(secretKey('REMOTE_KEY'), await staticToken(stack));
    expect(await coordinator.connect('remote', config)).toMatchObject({ type: 'api_key', connected: true });
    const fetch = coordinator.fetchFor('remote', config);
    if (!fetch) throw new Error('no fetch');
    expect(await (await fetch(stack.mcp.whoamiUrl)).json()).toMatchObject({ client_id: CC_BASIC_CLIENT.clientId });

    const other = await bystander();
    await fetch(other.url);
    expect(other.seen[0]?.authorization).toBeUndefined();

    await vault.set(secretKey('REMOTE_KEY'), 'a-key-the-server-does-not-know');
    const refused = await rejection(fetch(stack.mcp.whoamiUrl));
    expect(refused.code).toBe('auth_required');
    expect(refused.message).toContain('refused its API key (HTTP 401)');
    expect(refused.message).not.toContain('a-key-the-server-does-not-know');
    expect(statuses.at(-1)).toEqual(['remote', expect.objectContaining({ state: 'needs_auth' })]);
  });

  it('uses the server vault entry and a custom header when no reference is given', async () => {
    const other = await bystander();
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const coordinator = createAuthCoordinator({ vault, dataDir });
    cleanups.push(() => coordinator.close());
    await vault.set(vaultKey('svc', 'apiKey'), 'key-0123456789');
    const config = { url: other.url, auth: { type: 'api_key', header: 'X-API-Key' } };
    await coordinator.fetchFor('svc', config)?.(other.url);
    expect(other.seen[0]?.['x-api-key']).toBe('key-0123456789');
    expect(other.seen[0]?.authorization).toBeUndefined();
  });

  it('auth type none at a literal address gets no fetch of its own; by host name, one that pins its connection (server-peers.ts)', () => {
    const coordinator = createAuthCoordinator({ vault: {} as never, dataDir: '/nonexistent' });
    expect(coordinator.fetchFor('plain', { url: 'https://203.0.113.7/mcp', auth: { type: 'none' } })).toBeUndefined();
    expect(coordinator.fetchFor('local', { url: 'http://localhost:3000/mcp', auth: { type: 'none' } })).toBeUndefined();
    expect(coordinator.fetchFor('plain', { url: 'https://example.com/mcp', auth: { type: 'none' } })).toBeTypeOf('function');
  });
});
