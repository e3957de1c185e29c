import { vaultKey } from '../../shared/vault';
import { parseAuthConfig, parseTargetAuth, type AuthTarget } from './auth-config';
import type { CoreContext } from './core-context';
import type { PendingAuth } from './coordinator-state';
import { unionScopes } from './scopes';
import { serversSharingGrant } from './shared-grant';
import { listTokens, tokensFor, type TokenRecord } from './token-record';
import type { AuthStatus } from './types';

function authTypeOf(server: string, config: AuthTarget | undefined): string {
  if (!config) return 'oauth';
  try {
    return parseTargetAuth(server, config).type;
  } catch {
    return 'invalid';
  }
}

/** Connected while the token is fresh, or can be renewed without the person (refresh token, client credentials). */
function tokenStatus(core: CoreContext, server: string, type: string, record: TokenRecord | undefined, pending: PendingAuth | undefined): AuthStatus {
  const status: AuthStatus = {
    server,
    type,
    connected: record !== undefined && (record.expiresAt > core.now() || record.refreshToken !== undefined || record.flow === 'client_credentials'),
    needsAuth: pending !== undefined || record?.stepUpScopes !== undefined,
    scopes: record?.scopes ?? [],
    refreshable: record?.refreshToken !== undefined || record?.flow === 'client_credentials',
  };
  if (record) {
    status.expiresAt = record.expiresAt;
    status.issuer = record.issuer;
    status.flow = record.flow;
    if (record.account !== undefined) status.account = record.account;
  }
  const pendingScopes = pending?.scopes ?? (record?.stepUpScopes ? unionScopes(record.requestedScopes, record.stepUpScopes) : undefined);
  if (pendingScopes) status.pendingScopes = pendingScopes;
  if (record?.stepUpScopes) status.stepUpScopes = record.stepUpScopes;
  if (pending) status.reason = pending.error.message;
  return status;
}

/** An API key counts as connected when one is configured or stored and the server has not refused it. */
async function hasApiKey(core: CoreContext, server: string, config: AuthTarget | undefined): Promise<boolean> {
  const auth = config ? parseTargetAuth(server, config) : parseAuthConfig(server, undefined);
  const key =
    auth.type === 'api_key' && auth.key !== undefined
      ? await core.resolveSecret(server, auth.key).catch(() => undefined)
      : await core.vault.get(vaultKey(server, 'apiKey'));
  return key !== undefined && key !== '';
}

/** A server's sign-in status: its stored token record, or its API key, and whether it waits for a sign-in. */
export async function authStatus(core: CoreContext, needs: ReadonlyMap<string, PendingAuth>, server: string, config: AuthTarget | undefined): Promise<AuthStatus> {
  const type = authTypeOf(server, config);
  const stored = config ? await tokensFor(core.vault, server, config.url) : (await listTokens(core.vault, server))[0];
  const pending = needs.get(server);
  const status = tokenStatus(core, server, type, stored?.record, pending);
  if (type === 'api_key') status.connected = (await hasApiKey(core, server, config)) && pending === undefined;
  else if (stored) {
    const sharing = await serversSharingGrant(core.vault, server, stored.record);
    if (sharing.length > 0) status.sharesGrantWith = sharing;
  }
  return status;
}
