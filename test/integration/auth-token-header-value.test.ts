import { afterEach, describe, expect, it } from 'vitest';
import { createAuthCoordinator } from '../../electron/auth';
import { secretKey } from '../../electron/vault';
import { CC_BASIC_CLIENT } from '../fixtures/oauth/constants';
import { openTestVault, startStack } from '../support/oauth-harness';
import { rejection } from '../support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TAIL = 'injected-second-line-0123456789';

// Fetch's refusal of a header value quotes it. An authorization
// server that issues a token a header cannot carry gets a clear error, and the token is never quoted.
describe('auth: an access token a header cannot carry', () => {
  it('is refused before sending, by what to do, without the token in the error', async () => {
    const stack = await startStack();
    cleanups.push(() => stack.close());
    const { vault, dataDir } = await openTestVault();
    cleanups.push(() => vault.close());
    const coordinator = createAuthCoordinator({
      vault,
      dataDir,
      opener: () => Promise.reject(new Error('client credentials never open a browser')),
      fetch: async (url, init) => {
        const response = await fetch(url, init);
        if (!String(url).endsWith('/token')) return response;
        const body = (await response.json()) as Record<string, unknown>;
        return Response.json({ ...body, access_token: `${String(body.access_token)}\n${TAIL}` }, { status: response.status });
      },
    });
    cleanups.push(() => coordinator.close());
    await vault.set(secretKey('CC_SECRET'), CC_BASIC_CLIENT.clientSecret);
    const auth = { type: 'client_credentials', clientId: CC_BASIC_CLIENT.clientId, clientSecret: '${secret:CC_SECRET}' };
    const fetchFor = coordinator.fetchFor('machine', { url: stack.mcp.url, auth });
    if (!fetchFor) throw new Error('no fetch');
    const refused = await rejection(fetchFor(stack.mcp.whoamiUrl));
    expect(refused.code).toBe('auth_required');
    expect(refused.message).toContain('holds a line break or a character a header cannot carry');
    expect(JSON.stringify({ message: refused.message, data: refused.data })).not.toContain(TAIL);
  });
});
