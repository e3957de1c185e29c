import { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import type { AnyOAuth } from './auth-config';
import { checkConfiguredIssuer } from './configured-issuer';
import { authServerMetadataCandidates, fetchAuthServerMetadata, type Discovery } from './discovery';
import { validateEndpointUrl } from './url-safety';

export interface NamedIssuerInput {
  server: string;
  auth: AnyOAuth;
  /** A guarded fetch (see http.ts). */
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
}

/**
 * A stdio server has no protected resource metadata: its entry names the authorization server, by
 * `issuer` (RFC 8414 §3.1 then OpenID Discovery §4, the issuer checked, RFC 8414 §3.3) or by
 * `authServerMetadataUrl`. No resource indicator is used (`resource` is empty).
 */
export async function discoverNamedIssuer(input: NamedIssuerInput): Promise<Discovery> {
  const { auth } = input;
  const issuer = 'issuer' in auth ? auth.issuer : undefined;
  // A stdio server's authorization server is the one the person named: it may be anywhere.
  const discoveryInput = { server: input.server, serverUrl: '', reach: 'loopback' as const, fetch: input.fetch, signal: input.signal };
  if (auth.authServerMetadataUrl !== undefined) {
    const as = await fetchAuthServerMetadata(discoveryInput, auth.authServerMetadataUrl, [auth.authServerMetadataUrl], false);
    const via = checkConfiguredIssuer(input.server, auth.authServerMetadataUrl, as.issuer);
    return { resource: '', issuer: as.issuer, as, ...(via === undefined ? {} : { via }) };
  }
  if (issuer === undefined) {
    throw new CodedError('invalid_config', `The "auth" of "${input.server}" names no authorization server.`, {
      hint: `Add "issuer" (or "authServerMetadataUrl") to the "auth" of "${input.server}" in mcp.json.`,
      data: { server: input.server },
    });
  }
  validateEndpointUrl(issuer, 'the issuer', 'loopback');
  const as = await fetchAuthServerMetadata(discoveryInput, issuer, authServerMetadataCandidates(issuer), true, 'configured');
  return { resource: '', issuer, as };
}
