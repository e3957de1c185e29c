import type { CodedError } from '../../shared/errors';
import { parseTargetAuth, type AuthTarget } from './auth-config';
import { flowError } from './auth-errors';
import { DURING } from './flow-steps';
import { findRegistration } from './client-identity';
import { secretFitsRecord } from './configured-secret';
import type { CoreContext } from './core-context';
import { guardedFetch } from './http';
import { oauthConfiguration, type ClientCredentialsLike } from './oauth-client';
import { loadOidc } from './oidc-module';
import type { TokenRecord } from './token-record';

async function clientOf(core: CoreContext, server: string, record: TokenRecord, config: AuthTarget | undefined): Promise<ClientCredentialsLike> {
  if (record.clientSource === 'dynamic') {
    const found = await findRegistration(core.vault, record.issuer, record.clientId);
    return { clientId: record.clientId, authMethod: record.authMethod, secret: found?.registration.clientSecret };
  }
  if (record.clientSource === 'preregistered' && config) {
    const auth = parseTargetAuth(server, config);
    const reference = (auth.type === 'oauth' || auth.type === 'device' || auth.type === 'client_credentials') && secretFitsRecord(auth, record) ? auth.clientSecret : undefined;
    const secret = reference === undefined ? undefined : await core.resolveSecret(server, reference);
    return { clientId: record.clientId, authMethod: record.authMethod, secret };
  }
  return { clientId: record.clientId, authMethod: record.authMethod === 'none' ? 'none' : record.authMethod };
}

/**
 * RFC 7009: revokes the refresh token (which ends the grant at most servers) or else the access token.
 * Resolves true when the AS accepted, false without a revocation endpoint, or the error.
 */
export async function revokeRecord(core: CoreContext, server: string, record: TokenRecord, config: AuthTarget | undefined): Promise<true | false | CodedError> {
  if (record.revocationEndpoint === undefined) return false;
  try {
    const client = await clientOf(core, server, record, config);
    const configuration = await oauthConfiguration(
      { issuer: record.issuer, token_endpoint: record.tokenEndpoint, revocation_endpoint: record.revocationEndpoint },
      client,
      guardedFetch(core.endpointFetch, undefined, await core.reachOf(record.serverUrl)),
    );
    const token = record.refreshToken ?? record.accessToken;
    const { tokenRevocation } = await loadOidc();
    await tokenRevocation(configuration, token, { token_type_hint: record.refreshToken ? 'refresh_token' : 'access_token' });
    return true;
  } catch (error) {
    return flowError(server, error, DURING.revoke);
  }
}
