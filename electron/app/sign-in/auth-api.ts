import type { ApiInput, AppApi, AuthInfo, ServerStatus } from '../../../shared/api';
import { isStdio, type ServerConfig } from '../../../shared/config';
import { stdioAuthTarget, type AuthCoordinator, type AuthTarget } from '../../auth';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import type { SignIns } from './sign-in';

export interface AuthApiOptions {
  auth: AuthCoordinator;
  pool: Pool;
  registry: Registry;
  signIns: SignIns;
  settled: () => Promise<void>;
}

type AuthMethods = Pick<AppApi, 'connect' | 'disconnect' | 'cancelLogin' | 'listSignIns'>;

const OAUTH_TYPES = new Set(['oauth', 'device', 'client_credentials']);

/** A server's credential for status (no secret): for OAuth servers, and any server holding tokens. */
export async function authInfoOf(auth: Pick<AuthCoordinator, 'status'>, name: string, config: AuthTarget): Promise<AuthInfo | undefined> {
  if (config.auth?.type === 'none') return undefined;
  // A key is held or not; the person enters it again in the app when it is missing or refused.
  if (config.auth?.type === 'api_key') return { connected: (await auth.status(name, config)).connected, kind: 'api_key', refreshable: false };
  // A program on this computer without "auth" keeps its credentials itself.
  if (config.stdio && config.auth === undefined) return undefined;
  const status = await auth.status(name, config);
  if (!status.connected && !(config.auth && OAUTH_TYPES.has(config.auth.type))) return undefined;
  // Step-up: what servers named and the credential lacks (the sign-in itself asks for the union).
  const lacking = (status.stepUpScopes ?? status.pendingScopes ?? []).filter((scope) => !status.scopes.includes(scope));
  const kind = config.auth?.type;
  return {
    connected: status.connected,
    ...(kind === 'oauth' || kind === 'device' || kind === 'client_credentials' ? { kind } : {}),
    ...(status.issuer !== undefined ? { issuer: status.issuer } : {}),
    ...(status.account !== undefined ? { account: status.account } : {}),
    ...(status.expiresAt !== undefined ? { expiresAt: status.expiresAt } : {}),
    refreshable: status.refreshable,
    ...(status.scopes.length > 0 ? { scopes: status.scopes } : {}),
    ...(lacking.length > 0 ? { pendingScopes: lacking } : {}),
    ...(status.sharesGrantWith !== undefined ? { sharesGrantWith: status.sharesGrantWith } : {}),
  };
}

/** Status rows with their credential's expiry and scopes. */
export async function withAuthInfo(auth: AuthCoordinator, registry: Registry, statuses: ServerStatus[]): Promise<ServerStatus[]> {
  const servers = registry.config().mcpServers;
  return Promise.all(
    statuses.map(async (status) => {
      const config = servers[status.name];
      if (!config) return status;
      const info = await authInfoOf(auth, status.name, authTargetOf(status.name, config)).catch(() => undefined);
      // Said wherever it shows: the refresh token leaves the vault for that program.
      if (info && isStdio(config) && config.credentialFile?.format === 'google_authorized_user') info.refreshTokenShared = true;
      return info ? { ...status, auth: info } : status;
    }),
  );
}

/** What the coordinator takes for a server of either transport. */
export function authTargetOf(name: string, config: ServerConfig): AuthTarget {
  return isStdio(config) ? stdioAuthTarget(name, config) : config;
}

export function createAuthApi(deps: AuthApiOptions): AuthMethods {
  return {
    connect: async ({ name, flow, retry, signIn }: ApiInput<'connect'>) => {
      // Taken before anything is awaited: a stop the person asks after this connect wins over it.
      const stopsAsked = deps.pool.stopsAsked(name);
      await deps.settled();
      const asked = stopsAsked === undefined ? {} : { stopsAsked };
      const status = await deps.signIns.connect(name, { ...(flow ? { flow } : {}), ...(retry === true ? { retry } : {}), ...(signIn !== undefined ? { signIn } : {}), ...asked });
      return (await withAuthInfo(deps.auth, deps.registry, [status]))[0] ?? status;
    },
    disconnect: async ({ name, revoke, forgetIssuer }: ApiInput<'disconnect'>) => {
      const config = deps.registry.require(name);
      deps.signIns.cancel(name);
      const holdsTokens = !isStdio(config) || (config.auth !== undefined && config.auth.type !== 'none');
      // An entry waiting for approval lends the revocation no client secret: an edit may have named another one.
      // Its API key is still forgotten: deleting it from the vault here sends nothing anywhere.
      const approved = deps.registry.approvals.status(name, config) !== 'pending';
      const target = authTargetOf(name, config);
      const result = holdsTokens ? await deps.auth.disconnect(name, { revoke: revoke ?? false, ...(approved ? { config: target } : { forget: target }) }) : undefined;
      // With its credential as it is now: the page reads from it what kind of sign-in the service takes.
      const bare = await deps.pool.stop(name);
      const stopped = (await withAuthInfo(deps.auth, deps.registry, [bare]))[0] ?? bare;
      const unpinned = forgetIssuer === true ? { ...stopped, forgottenIssuer: (await deps.auth.forgetIssuer(name)) ?? null } : stopped;
      // Said apart from revocation: a deleted key is not revoked, it stays valid where it was issued.
      const status = result?.forgotApiKey === true ? { ...unpinned, forgotApiKey: true } : unpinned;
      if (!revoke || !result) return status;
      const shared = result.grantSharedWith !== undefined ? { ...status, grantSharedWith: result.grantSharedWith } : status;
      if (result.revoked) return { ...shared, revoked: true };
      // Tokens deleted here are not necessarily revoked at their issuer: say which were not, and why.
      const notRevoked = result.notRevoked ?? [];
      if (notRevoked.length === 0) return result.grantSharedWith !== undefined ? { ...shared, revoked: false } : shared; // nothing revoked: shared, or nothing to revoke
      return { ...shared, revoked: false, revokeError: notRevoked.map((n) => `${n.reason}; the grant may still be live at ${n.issuer}`).join('; ') };
    },
    cancelLogin: async ({ name }: ApiInput<'cancelLogin'>) => {
      // Answered once it has ended, so a new sign-in right after does not find it still running.
      await deps.signIns.cancelAndWait(name);
      return { ok: true as const };
    },
    listSignIns: () => Promise.resolve(deps.signIns.list()),
  };
}
