import type * as oidc from 'openid-client';
import { clientSecretBasic, postThenBasic } from './client-auth';
import { loadOidc, type OidcModule } from './oidc-module';
import type { FetchLike } from '../net';
import type { AuthServerMetadata } from './metadata';
import type { ClientAuthMethod } from './token-record';

export interface ClientCredentialsLike {
  clientId: string;
  authMethod: ClientAuthMethod;
  secret?: string | undefined;
  /**
   * Set when client_secret_post was our preference, not the entry's: an invalid_client answer is retried
   * once with client_secret_basic, and this is called when that worked (see postThenBasic).
   */
  onBasicFallback?: (() => void) | undefined;
}

/** The parts of the AS metadata openid-client acts on. */
export type ServerEndpoints = Pick<
  AuthServerMetadata,
  | 'issuer'
  | 'authorization_endpoint'
  | 'token_endpoint'
  | 'device_authorization_endpoint'
  | 'revocation_endpoint'
  | 'userinfo_endpoint'
  | 'code_challenge_methods_supported'
  | 'authorization_response_iss_parameter_supported'
>;

function serverMetadata(as: ServerEndpoints): oidc.ServerMetadata {
  return {
    issuer: as.issuer,
    ...(as.authorization_endpoint === undefined ? {} : { authorization_endpoint: as.authorization_endpoint }),
    ...(as.token_endpoint === undefined ? {} : { token_endpoint: as.token_endpoint }),
    ...(as.device_authorization_endpoint === undefined ? {} : { device_authorization_endpoint: as.device_authorization_endpoint }),
    ...(as.revocation_endpoint === undefined ? {} : { revocation_endpoint: as.revocation_endpoint }),
    ...(as.userinfo_endpoint === undefined ? {} : { userinfo_endpoint: as.userinfo_endpoint }),
    ...(as.code_challenge_methods_supported === undefined ? {} : { code_challenge_methods_supported: as.code_challenge_methods_supported }),
    // RFC 9207: when the AS promises `iss`, openid-client refuses responses without it (or with another).
    ...(as.authorization_response_iss_parameter_supported === undefined
      ? {}
      : { authorization_response_iss_parameter_supported: as.authorization_response_iss_parameter_supported }),
  };
}

/**
 * An openid-client configuration whose every request goes through `fetch` (the guarded fetch). Plain
 * http is only ever allowed because every endpoint was checked to be loopback before.
 */
export async function oauthConfiguration(as: ServerEndpoints, client: ClientCredentialsLike, fetch: FetchLike): Promise<oidc.Configuration> {
  return oauthConfigurationOf(await loadOidc(), as, client, fetch);
}

/** The same with openid-client at hand. */
export function oauthConfigurationOf(lib: OidcModule, as: ServerEndpoints, client: ClientCredentialsLike, fetch: FetchLike): oidc.Configuration {
  const auth =
    client.authMethod === 'client_secret_basic'
      ? clientSecretBasic(client.secret)
      : client.authMethod === 'client_secret_post'
        ? lib.ClientSecretPost(client.secret)
        : lib.None();
  const config = new lib.Configuration(serverMetadata(as), client.clientId, { token_endpoint_auth_method: client.authMethod }, auth);
  const send =
    client.authMethod === 'client_secret_post' && client.onBasicFallback && client.secret !== undefined
      ? postThenBasic(fetch, client.clientId, client.secret, client.onBasicFallback)
      : fetch;
  config[lib.customFetch] = (url, options) => send(url, options as RequestInit);
  const endpoints = [as.token_endpoint, as.authorization_endpoint, as.device_authorization_endpoint, as.revocation_endpoint, as.userinfo_endpoint];
  if (endpoints.some((e) => e?.startsWith('http:'))) lib.allowInsecureRequests(config);
  return config;
}
