import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator, type FetchLike } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { vaultKey } from '../../shared/vault';
import { startAuthorizationServer } from '../fixtures/oauth/authorization-server';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, startStack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const AUTH = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC}' };

/** Two authorization servers that both know the client; the MCP server's metadata can be changed while it runs. */
async function setUp() {
  const other = await startAuthorizationServer({});
  cleanups.push(() => other.close());
  const prm: Record<string, unknown> = {};
  const stack = await startStack({}, { prmOverrides: prm });
  cleanups.push(() => stack.close());
  const { vault, dataDir } = await openTestVault();
  cleanups.push(() => vault.close());
  await vault.set(secretKey('CC'), CC_BASIC_CLIENT.clientSecret);
  /** Every request that carried the client secret to the other server. */
  const leaked: string[] = [];
  const spy: FetchLike = (url, init) => {
    const basic = new Headers(init?.headers).get('authorization') ?? '';
    const body = init?.body instanceof URLSearchParams ? init.body.toString() : typeof init?.body === 'string' ? init.body : '';
    const text = `${Buffer.from(basic.replace(/^Basic /i, ''), 'base64').toString()} ${body}`;
    if (String(url).startsWith(other.issuer) && decodeURIComponent(text).includes(CC_BASIC_CLIENT.clientSecret)) leaked.push(String(url));
    return fetch(url, init);
  };
  const coordinator = createAuthCoordinator({ vault, dataDir, fetch: spy });
  cleanups.push(() => coordinator.close());
  const target = { url: stack.mcp.url, auth: AUTH };
  const call = () => coordinator.fetchFor('svc', target)?.(stack.mcp.whoamiUrl);
  return { stack, other, prm, vault, coordinator, target, call, leaked };
}

describe('auth: a configured client secret is pinned to the issuer it was first used with', () => {
  it('refuses, unattended and on connect, when the metadata names another issuer, and sends that one nothing', async () => {
    const { stack, other, prm, coordinator, target, call, leaked } = await setUp();
    expect((await call())?.status).toBe(200);
    expect((await coordinator.status('svc', target)).issuer).toBe(stack.as.issuer);

    prm['authorization_servers'] = [other.issuer];
    await coordinator.disconnect('svc');
    // Client credentials without tokens are obtained by fetchFor itself: no person is there to ask.
    const unattended = await rejection(call());
    expect(unattended.code).toBe('denied');
    expect(unattended.message).toContain(other.issuer);
    expect(unattended.message).toContain(stack.as.issuer);
    expect(unattended.hint).toContain('connected-services disconnect svc --forget-issuer');
    const person = await rejection(coordinator.connect('svc', target));
    expect(person.code).toBe('denied');

    expect(leaked).toEqual([]);
    expect(other.counts.token['client_credentials'] ?? 0).toBe(0);
  });

  it('forgetIssuer (a person approving the move) lets the next use pin the new issuer, and then the old one is refused', async () => {
    const { stack, other, prm, coordinator, target, call, leaked } = await setUp();
    expect((await call())?.status).toBe(200);
    prm['authorization_servers'] = [other.issuer];
    await coordinator.disconnect('svc');
    expect(await coordinator.forgetIssuer('svc')).toBe(stack.as.issuer);
    expect(await coordinator.forgetIssuer('svc')).toBeUndefined();

    expect(await coordinator.connect('svc', target)).toMatchObject({ connected: true, issuer: other.issuer });
    expect(leaked.length).toBeGreaterThan(0);
    prm['authorization_servers'] = [stack.as.issuer];
    await coordinator.disconnect('svc');
    expect((await rejection(call())).code).toBe('denied');
  });

  it('picks the pinned issuer when the metadata lists it among others', async () => {
    const { stack, other, prm, coordinator, call, leaked } = await setUp();
    expect((await call())?.status).toBe(200);
    prm['authorization_servers'] = [other.issuer, stack.as.issuer];
    await coordinator.disconnect('svc');
    expect((await call())?.status).toBe(200);
    expect(stack.as.counts.token['client_credentials']).toBe(2);
    expect(leaked).toEqual([]);
  });

  it('tokens stored before pins existed pin their issuer too', async () => {
    const { other, prm, vault, coordinator, target, call, leaked } = await setUp();
    expect((await call())?.status).toBe(200);
    await vault.delete(vaultKey('svc', 'client:issuer'));
    prm['authorization_servers'] = [other.issuer];
    expect((await rejection(coordinator.connect('svc', target))).code).toBe('denied');
    expect(leaked).toEqual([]);
  });

  it('a configured authServerMetadataUrl is the person\'s choice: it overrides the pin, and pins its issuer', async () => {
    const { stack, other, coordinator, target, call } = await setUp();
    expect((await call())?.status).toBe(200);
    const chosen = { url: stack.mcp.url, auth: { ...AUTH, authServerMetadataUrl: `${other.issuer}/.well-known/openid-configuration` } };
    expect(await coordinator.connect('svc', chosen)).toMatchObject({ connected: true, issuer: other.issuer });
    // Without it again, discovery names the first issuer, which is no longer the pinned one.
    await coordinator.disconnect('svc');
    expect((await rejection(coordinator.connect('svc', target))).code).toBe('denied');
  });
});
