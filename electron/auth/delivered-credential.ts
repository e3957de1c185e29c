import { APP_API_KEY, CodedError } from '../../shared/errors';
import { vaultKey } from '../../shared/vault';
import { parseTargetAuth, type AnyOAuth, type AuthTarget } from './auth-config';
import { authRequired } from './auth-errors';
import { findRegistration } from './client-identity';
import { secretFitsRecord } from './configured-secret';
import type { CoreContext } from './core-context';
import type { TokenManager } from './token-manager';
import { refreshMargin, type TokenRecord } from './token-record';
import type { CredentialOptions, DeliveredCredential } from './types';
import { apiKeyOf } from './api-key-secret';

export interface DeliveredCredentialOptions {
  core: CoreContext;
  tokens: TokenManager;
  obtainClientCredentials: (server: string, target: AuthTarget, auth: AnyOAuth) => Promise<TokenRecord>;
}

/** `firstSignIn`: it never held a credential, so the app offers Connect rather than Re-authorize. */
const FIRST_SIGN_IN = { firstSignIn: true };

function refused(core: CoreContext, server: string, reason: string, hint?: string, data?: Record<string, unknown>): CodedError {
  const error = authRequired(server, reason, data);
  core.markNeedsAuth(server, error);
  return hint === undefined ? error : new CodedError(error.code, error.message, { hint, ...(error.data ? { data: error.data } : {}) });
}

/** What a program needs to refresh by itself: the client it was issued to and the refresh token. */
async function refreshPart(deps: DeliveredCredentialOptions, server: string, auth: AnyOAuth, record: TokenRecord): Promise<NonNullable<DeliveredCredential['refresh']>> {
  if (record.refreshToken === undefined) {
    throw refused(deps.core, server, 'it holds no refresh token to put in its credential file', `run \`connected-services connect ${server}\` and allow offline access`);
  }
  let clientSecret: string | undefined;
  if (secretFitsRecord(auth, record) && auth.clientSecret !== undefined) {
    clientSecret = await deps.core.resolveSecret(server, auth.clientSecret);
  } else if (record.clientSource === 'dynamic') {
    clientSecret = (await findRegistration(deps.core.vault, record.issuer, record.clientId))?.registration.clientSecret;
  }
  return { clientId: record.clientId, refreshToken: record.refreshToken, tokenEndpoint: record.tokenEndpoint, ...(clientSecret === undefined ? {} : { clientSecret }) };
}

/**
 * The credential a program on this computer is given (`${token}`, `credentialFile`): the server's valid
 * access token, refreshed under the same locks as every other use, or its API key.
 * @throws CodedError auth_required (and marks the server needs_auth) when there is none to give
 */
export async function deliveredCredential(deps: DeliveredCredentialOptions, server: string, target: AuthTarget, options: CredentialOptions = {}): Promise<DeliveredCredential> {
  const { core, tokens } = deps;
  const auth = parseTargetAuth(server, target);
  if (auth.type === 'none') {
    throw new CodedError('invalid_config', `"${server}" has no "auth" block, so it has no credential to give.`, {
      hint: `Add an "auth" block to "${server}" in mcp.json, or name a server that has one.`,
      data: { server },
    });
  }
  if (auth.type === 'api_key') {
    const key = auth.key !== undefined ? await apiKeyOf(core, server, auth.key) : await core.vault.get(vaultKey(server, 'apiKey'));
    if (key === undefined || key === '') {
      const name = auth.key === undefined ? undefined : /\$\{secret:([^}]+)\}/.exec(auth.key)?.[1];
      const store = name !== undefined ? `store the key with \`connected-services secrets set ${name}\`` : `store the key in the vault as "${server}/apiKey"`;
      // The server waits in needs_auth until someone starts it again: say how.
      throw refused(core, server, 'no API key is stored', `${store}, then run \`connected-services connect ${server}\` (or ${APP_API_KEY})`, FIRST_SIGN_IN);
    }
    return { accessToken: key, tokenType: 'Bearer', scopes: [] };
  }
  let record = await tokens.current(server, target.url, auth);
  if (!record && auth.type === 'client_credentials') record = await tokens.obtainOnce(server, target.url, () => deps.obtainClientCredentials(server, target, auth));
  if (!record) throw refused(core, server, 'it is not connected yet', undefined, FIRST_SIGN_IN);
  core.remember(server, record);
  const credential: DeliveredCredential = {
    accessToken: record.accessToken,
    tokenType: record.tokenType,
    expiresAt: record.expiresAt,
    renewAt: record.expiresAt - refreshMargin(record),
    scopes: record.scopes,
  };
  if (options.withRefresh) credential.refresh = await refreshPart(deps, server, auth, record);
  return credential;
}
