import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type Resolver } from '../../electron/auth';
import type { FetchLike } from '../../electron/net';
import { secretKey } from '../../electron/vault';
import { CC_POST_CLIENT } from '../fixtures/oauth/constants';
import { networkOf, tableResolver } from '../support/auth-network';
import { openTestVault, startStack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

// A server configured by host name has the reach of what its name resolves to (electron/auth/server-reach.ts).
// Only 127.0.0.1 is ever contacted: names are answered by the coordinator's resolver, and a
// "public" server's origin is carried to its fixture on 127.0.0.1 by the fetch below.

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const CC_AUTH = { type: 'client_credentials', clientId: CC_POST_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}', tokenEndpointAuthMethod: 'client_secret_post' };
const PUBLIC_ORIGIN = 'https://mcp.public.test';

async function setUp(resolver: Resolver, mcpOptions: Parameters<typeof startStack>[1], fetch?: FetchLike) {
  const stack = await startStack({}, mcpOptions);
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  const coordinator = createAuthCoordinator({ vault, dataDir, resolver, ...(fetch ? { fetch } : {}), callbackTimeoutMs: 15_000 });
  cleanups.push(() => coordinator.close());
  await vault.set(secretKey('CC_SECRET'), CC_POST_CLIENT.clientSecret);
  return { stack, coordinator };
}

describe('auth: a server configured by host name, against oidc-provider', () => {
  it('`http://localhost:PORT` is on this computer: it signs in through the authorization server on 127.0.0.1 and answers with the token', async () => {
    const resolver = tableResolver({ localhost: [['127.0.0.1']] });
    const { stack, coordinator } = await setUp(resolver, { origin: (port) => `http://localhost:${port}` });
    expect(stack.mcp.url).toMatch(/^http:\/\/localhost:\d+\/mcp$/);
    const target = { url: stack.mcp.url, auth: CC_AUTH };
    expect(await coordinator.connect('local', target)).toMatchObject({ connected: true, flow: 'client_credentials', issuer: stack.as.issuer });
    const response = await coordinator.fetchFor('local', target)?.(stack.mcp.whoamiUrl);
    expect(await response?.json()).toMatchObject({ client_id: CC_POST_CLIENT.clientId });
  });

  it('a name resolving to a public address may not name an authorization server on 127.0.0.1: refused, nothing sent to it', async () => {
    const resolver = tableResolver({ 'mcp.public.test': [['203.0.113.7']] });
    let mcpPort = 0;
    const network = networkOf(PUBLIC_ORIGIN, () => mcpPort);
    const { stack, coordinator } = await setUp(resolver, { origin: (port) => ((mcpPort = port), PUBLIC_ORIGIN) }, network);
    const error = await rejection(coordinator.connect('remote', { url: `${PUBLIC_ORIGIN}/mcp`, auth: CC_AUTH }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(`Refused the authorization server "${stack.as.issuer}": it points at this computer, and the MCP server is not on this computer.`);
    // Its 401 and its metadata were read (through its own name); the authorization server never heard of it.
    expect(network.sent).toEqual([`${PUBLIC_ORIGIN}/mcp`, `${PUBLIC_ORIGIN}/.well-known/oauth-protected-resource/mcp`]);
    expect(stack.as.counts.token['client_credentials'] ?? 0).toBe(0);
  });

  it('a name resolving to a public address may not name an authorization server on a private network (it could when names counted private)', async () => {
    const resolver = tableResolver({ 'mcp.public.test': [['203.0.113.7']], 'as.intranet.test': [['10.0.0.9']] });
    let mcpPort = 0;
    const network = networkOf(PUBLIC_ORIGIN, () => mcpPort);
    const mcpOptions = { origin: (port: number) => ((mcpPort = port), PUBLIC_ORIGIN), prmOverrides: { authorization_servers: ['https://as.intranet.test'] } };
    const { coordinator } = await setUp(resolver, mcpOptions, network);
    const error = await rejection(coordinator.connect('remote', { url: `${PUBLIC_ORIGIN}/mcp`, auth: CC_AUTH }));
    expect(error.code).toBe('denied');
    expect(error.message).toContain('as.intranet.test resolves to 10.0.0.9: it points at a private network, and the MCP server is not on one');
    expect(network.leftThisComputer).toEqual([]);
  });

  it('a name that does not resolve: the sign-in is refused before anything is sent', async () => {
    const resolver = tableResolver({});
    const network = networkOf(PUBLIC_ORIGIN, () => 0);
    const { coordinator } = await setUp(resolver, {}, network);
    const error = await rejection(coordinator.connect('remote', { url: 'https://mcp.nowhere.test/mcp', auth: CC_AUTH }));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('Could not resolve mcp.nowhere.test');
    expect(network.sent).toEqual([]);
  });
});
