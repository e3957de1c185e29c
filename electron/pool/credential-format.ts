import type { CredentialFormat } from '../../shared/config';
import type { PoolCredential } from './types';

/**
 * The content of a credential file: the bare token; JSON {access_token, token_type, expires_at (seconds
 * since epoch), scope}; or Google's `authorized_user` (client libraries refresh with it by themselves).
 */
export function formatCredential(format: CredentialFormat, credential: PoolCredential): string {
  if (format === 'token') return credential.accessToken;
  if (format === 'json') {
    return JSON.stringify({
      access_token: credential.accessToken,
      token_type: credential.tokenType,
      ...(credential.expiresAt === undefined ? {} : { expires_at: Math.floor(credential.expiresAt / 1000) }),
      ...(credential.scopes.length > 0 ? { scope: credential.scopes.join(' ') } : {}),
    });
  }
  const refresh = credential.refresh;
  if (!refresh) throw new Error('an authorized_user file needs the refresh part of the credential');
  return JSON.stringify({
    type: 'authorized_user',
    client_id: refresh.clientId,
    ...(refresh.clientSecret === undefined ? {} : { client_secret: refresh.clientSecret }),
    refresh_token: refresh.refreshToken,
    token_uri: refresh.tokenEndpoint,
  });
}
