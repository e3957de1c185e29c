import type * as Oidc from 'openid-client';

export type OidcModule = typeof Oidc;

let loading: Promise<OidcModule> | undefined;

/**
 * openid-client (with oauth4webapi and jose) loads with the first sign-in, refresh or revocation,
 * not with every command and `serve` at start-up.
 */
export function loadOidc(): Promise<OidcModule> {
  loading ??= import('openid-client');
  return loading;
}
