import { secretKey, vaultKey } from '../../shared/vault';
import { parseTargetAuth, type AuthTarget } from './auth-config';
import type { CoreContext } from './core-context';
import type { CoordinatorState, StatusReporter } from './coordinator-state';
import { revokeRecord } from './revoke';
import { serversSharingGrant } from './shared-grant';
import { listTokens, type StoredTokens } from './token-record';
import type { DisconnectResult } from './types';

export interface DisconnectOptions {
  core: CoreContext;
  state: CoordinatorState;
  report: StatusReporter;
}

/** Removes each token record, revoking its grant first when asked (RFC 7009 §2, best effort). */
async function removeRecords(core: CoreContext, server: string, records: StoredTokens[], revoke: boolean, config: AuthTarget | undefined): Promise<DisconnectResult> {
  const result: DisconnectResult = { removed: 0, revoked: false };
  const notRevoked: { issuer: string; reason: string }[] = [];
  const sharing = new Set<string>();
  let revoked = 0;
  for (const stored of records) {
    if (revoke) {
      // Revoking any token of a grant may end all of it (RFC 7009 §2.1; oidc-provider does): a grant
      // other servers still use is left live for them, and the tokens are only deleted here.
      const others = await serversSharingGrant(core.vault, server, stored.record);
      for (const other of others) sharing.add(other);
      const outcome = others.length > 0 ? 'shared' : await revokeRecord(core, server, stored.record, config);
      if (outcome === true) revoked++;
      else if (outcome !== 'shared') notRevoked.push({ issuer: stored.record.issuer, reason: outcome === false ? 'its authorization server offers no revocation endpoint' : outcome.message.replace(/\.$/, '') });
    }
    if (await core.vault.delete(stored.key)) result.removed++;
  }
  // Revoked means every grant removed here is over at its issuer, nothing less.
  result.revoked = revoked > 0 && notRevoked.length === 0 && sharing.size === 0;
  if (notRevoked.length > 0) result.notRevoked = notRevoked;
  if (sharing.size > 0) result.grantSharedWith = [...sharing].sort();
  return result;
}

const SECRET_REFERENCE = /^\$\{secret:([^}]+)\}$/;

/**
 * Forgets a static API key kept for this server alone: the vault entry `<server>/apiKey`, or the secret
 * its `key` names scoped to it. A global secret may serve other services too, and an `${env:…}` key is
 * not the app's to delete: both stay.
 */
async function forgetApiKey(core: CoreContext, server: string, config: AuthTarget): Promise<number> {
  const auth = parseTargetAuth(server, config);
  if (auth.type !== 'api_key') return 0;
  if (auth.key === undefined) return (await core.vault.delete(vaultKey(server, 'apiKey'))) ? 1 : 0;
  const name = SECRET_REFERENCE.exec(auth.key)?.[1];
  return name !== undefined && (await core.vault.delete(secretKey(name, server))) ? 1 : 0;
}

/** AuthCoordinator.disconnect: cancel a running sign-in, remove (and revoke) the tokens, forget what the server asked for. */
export async function disconnectServer(options: DisconnectOptions, server: string, asked: { revoke?: boolean; config?: AuthTarget; forget?: AuthTarget }): Promise<DisconnectResult> {
  const { core, state } = options;
  state.running.get(server)?.abort();
  const result = await removeRecords(core, server, await listTokens(core.vault, server), asked.revoke === true, asked.config);
  // An API key has no issuer to revoke it at: revoking it is forgetting it.
  const forget = asked.forget ?? asked.config;
  if (asked.revoke === true && forget !== undefined && (await forgetApiKey(core, server, forget)) > 0) {
    result.removed++;
    result.forgotApiKey = true;
  }
  state.needs.delete(server);
  state.challenges.delete(server);
  options.report(server, { state: 'disconnected' });
  return result;
}
