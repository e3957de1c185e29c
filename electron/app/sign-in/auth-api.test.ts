import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import type { HttpServerConfig } from '../../../shared/config';
import type { AuthCoordinator } from '../../auth';
import type { Pool } from '../../pool';
import { requireServer, type Registry } from '../../registry';
import { createAuthApi } from './auth-api';
import type { SignIns } from './sign-in';

const entry: HttpServerConfig = {
  type: 'http',
  url: 'https://mcp.example.com/mcp',
  auth: { type: 'client_credentials', clientId: 'ops', clientSecret: '${secret:OTHER}', authServerMetadataUrl: 'https://id.example.com/meta' },
};

function setup(approval: 'approved' | 'pending', config: HttpServerConfig = entry, outcome: { removed: number; revoked: boolean; forgotApiKey?: true } = { removed: 1, revoked: true }) {
  const disconnects: Array<{ revoke?: boolean; config?: unknown; forget?: unknown }> = [];
  const forgotten: string[] = [];
  const api = createAuthApi({
    auth: {
      disconnect: (_name: string, options: { revoke?: boolean; config?: unknown; forget?: unknown }) => {
        disconnects.push(options);
        return Promise.resolve(outcome);
      },
      status: () => Promise.resolve({ connected: true, scopes: [] }),
      forgetIssuer: (name: string) => Promise.resolve(void forgotten.push(name)).then(() => 'https://id.example.com'),
    } as unknown as AuthCoordinator,
    pool: { stop: (name: string) => Promise.resolve({ name, state: 'stopped' } as unknown as ServerStatus) } as unknown as Pool,
    registry: { config: () => ({ mcpServers: { svc: config } }), require: (name: string) => requireServer({ mcpServers: { svc: config } }, name), approvals: { status: () => approval } } as unknown as Registry,
    signIns: { cancel: () => true } as unknown as SignIns,
    settled: () => Promise.resolve(),
  });
  return { api, disconnects, forgotten };
}

describe('disconnect', () => {
  // An edit may have put another secret in clientSecret: the revocation must not send it.
  it('lends the revocation the client secret only while the entry is approved', async () => {
    const approved = setup('approved');
    await approved.api.disconnect({ name: 'svc', revoke: true });
    expect(approved.disconnects[0]?.config).toBe(entry);
    const waiting = setup('pending');
    await waiting.api.disconnect({ name: 'svc', revoke: true });
    expect(waiting.disconnects[0]).toEqual({ revoke: true, forget: entry });
  });

  // Every edit of an API-key entry makes it pending again: the key it holds is still the person's to delete.
  it('names the entry whose API key to forget while it waits for approval, and lends it to no revocation', async () => {
    const keyed: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', auth: { type: 'api_key', key: '${secret:API_KEY}' } };
    const waiting = setup('pending', keyed);
    await waiting.api.disconnect({ name: 'svc', revoke: true });
    expect(waiting.disconnects[0]?.forget).toBe(keyed);
    expect(waiting.disconnects[0]?.config).toBeUndefined();
  });

  it('forgets the issuer pin only when asked, and says which one it was', async () => {
    const { api, forgotten } = setup('approved');
    expect((await api.disconnect({ name: 'svc' })).forgottenIssuer).toBeUndefined();
    expect(forgotten).toEqual([]);
    expect((await api.disconnect({ name: 'svc', forgetIssuer: true })).forgottenIssuer).toBe('https://id.example.com');
    expect(forgotten).toEqual(['svc']);
  });

  // The page tells an API-key service from a sign-in by it: without it, it showed the OAuth buttons.
  it('answers with the credential as it is after, for an API-key service too', async () => {
    const { api } = setup('approved', { type: 'http', url: 'https://mcp.example.com/mcp', auth: { type: 'api_key' } });
    expect((await api.disconnect({ name: 'svc', revoke: true })).auth).toEqual({ connected: true, kind: 'api_key', refreshable: false });
  });

  // A deleted key is not a revoked one: the answer says it apart, for the CLI's and the page's words.
  it('says the API key was deleted, and nothing of revocation', async () => {
    const keyed: HttpServerConfig = { type: 'http', url: 'https://mcp.example.com/mcp', auth: { type: 'api_key', key: '${secret:API_KEY}' } };
    const { api } = setup('pending', keyed, { removed: 1, revoked: false, forgotApiKey: true });
    const answer = await api.disconnect({ name: 'svc', revoke: true });
    expect(answer.forgotApiKey).toBe(true);
    expect(answer.revoked).toBeUndefined();
    const none = setup('pending', keyed, { removed: 0, revoked: false });
    expect((await none.api.disconnect({ name: 'svc', revoke: true })).forgotApiKey).toBeUndefined();
  });
});
