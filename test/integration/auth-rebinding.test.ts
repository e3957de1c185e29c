import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type Resolver } from '../../electron/auth';
import type { FetchLike } from '../../electron/net';
import { secretKey } from '../../electron/vault';
import { CC_POST_CLIENT, PUBLIC_CLIENT } from '../fixtures/oauth/constants';
import { networkOf, tableResolver } from '../support/auth-network';
import { openTestVault, startStack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

// DNS rebinding at sign-in (electron/auth/server-reach.ts): the server's reach is told from one answer
// for its name, and the sign-in's requests to that name connect to that answer, never to a second one.
// Only 127.0.0.1 is contacted: the origin below is carried to its fixture by the test network.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ORIGIN = 'https://mcp.rebind.test';
const CC_AUTH = { type: 'client_credentials', clientId: CC_POST_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}', tokenEndpointAuthMethod: 'client_secret_post' };

async function setUp(resolver: Resolver) {
  let mcpPort = 0;
  const network: FetchLike & { sent: string[] } = networkOf(ORIGIN, () => mcpPort);
  const stack = await startStack({ resourceHosts: ['mcp.rebind.test'] }, { origin: (port) => ((mcpPort = port), ORIGIN) });
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const coordinator = createAuthCoordinator({ vault, dataDir, resolver, fetch: network, callbackTimeoutMs: 15_000 });
  cleanups.push(() => coordinator.close());
  await vault.set(secretKey('CC_SECRET'), CC_POST_CLIENT.clientSecret);
  return { stack, coordinator, network };
}

describe('auth: the sign-in connects to the answer the server reach was told from', () => {
  it('the name is resolved once per sign-in: its 401 and metadata come from the checked answer, a rebound second answer is never asked', async () => {
    // Checked: on this computer. Any later lookup: the metadata address (it would be refused if asked).
    const resolver = tableResolver({ 'mcp.rebind.test': [['127.0.0.1'], ['169.254.169.254']] });
    const { stack, coordinator, network } = await setUp(resolver);
    const status = await coordinator.connect('local', { url: `${ORIGIN}/mcp`, auth: CC_AUTH });
    expect(status).toMatchObject({ connected: true, issuer: stack.as.issuer });
    expect(resolver.calls).toEqual(['mcp.rebind.test']);
    expect(network.sent.slice(0, 2)).toEqual([`${ORIGIN}/mcp`, `${ORIGIN}/.well-known/oauth-protected-resource/mcp`]);
  });

  it('a 401 the pool saw from a public answer is trusted no closer than that, though the name answers 127.0.0.1 at sign-in', async () => {
    // The pool's request: a public address answers (the rebinding server's own); the sign-in's check: 127.0.0.1.
    const resolver = tableResolver({ 'mcp.rebind.test': [['203.0.113.7'], ['127.0.0.1']] });
    const { stack, coordinator } = await setUp(resolver);
    const oauth = { url: `${ORIGIN}/mcp`, auth: { type: 'oauth', clientId: PUBLIC_CLIENT.clientId } };
    const refused = await rejection(Promise.resolve(coordinator.fetchFor('remote', oauth)?.(`${ORIGIN}/mcp`, { method: 'POST', body: '{}' })));
    expect(refused.code).toBe('auth_required');

    const error = await rejection(coordinator.connect('remote', { url: `${ORIGIN}/mcp`, auth: CC_AUTH }));
    expect(error.code).toBe('denied');
    // Its metadata, on the name pinned to 127.0.0.1 for this sign-in, is out of the public reach the 401 came with.
    expect(error.message).toContain('mcp.rebind.test resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer.');
    expect(stack.as.counts.token['client_credentials'] ?? 0).toBe(0);
  });
});
