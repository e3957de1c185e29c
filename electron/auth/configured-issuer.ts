import { CodedError } from '../../shared/errors';
import { authServerMetadataCandidates } from './metadata-urls';

const INSERTED = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
const APPENDED = '/.well-known/openid-configuration';
// Multi-tenant metadata (Microsoft Entra's `common`) names its issuer with a placeholder such as `{tenantid}`.
const TEMPLATED = /\{[A-Za-z_]+\}|%7B[A-Za-z_]+%7D/i;

/** The issuer a well-known metadata URL was built from (RFC 8414 §3.1, OpenID Discovery §4), if it is one. */
export function wellKnownIssuer(metadataUrl: string): string | undefined {
  const url = new URL(metadataUrl);
  for (const prefix of INSERTED) {
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) return `${url.origin}${url.pathname.slice(prefix.length)}`;
  }
  if (url.pathname.endsWith(APPENDED)) return `${url.origin}${url.pathname.slice(0, -APPENDED.length)}`;
  return undefined;
}

function issuerCandidates(issuer: string): string[] {
  try {
    return authServerMetadataCandidates(issuer);
  } catch {
    return [];
  }
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * RFC 8414 §3.3: metadata naming an issuer other than the one its URL was built from must not be used,
 * or a server could claim another's issuer and be sent the client registered there. A configured URL
 * of well-known form must name exactly its issuer; any other must name an issuer of its own origin.
 * Returns where the metadata was reached from when that is not the issuer's own discovery, so a client
 * registered through it is kept apart (client-identity.ts); undefined when it is.
 * @throws CodedError invalid_config
 */
export function checkConfiguredIssuer(server: string, metadataUrl: string, claimed: string): string | undefined {
  const url = new URL(metadataUrl);
  const fetched = `${url.origin}${url.pathname}`;
  const own = wellKnownIssuer(metadataUrl);
  if (issuerCandidates(claimed).includes(fetched)) return undefined;
  if (own === undefined && originOf(claimed) === url.origin) return url.href;
  const expected = own === undefined ? `an issuer on ${url.origin}` : `the issuer ${own}`;
  throw new CodedError(
    'invalid_config',
    `The authorization server metadata at ${url.href} (the "authServerMetadataUrl" of "${server}") claims the issuer ${claimed}, but metadata fetched from there may only name ${expected}; it is not used.`,
    {
      hint: TEMPLATED.test(claimed)
        ? `This is multi-tenant metadata whose issuer is a template: set "authServerMetadataUrl" in the "auth" of "${server}" to your own tenant's metadata, with the template's part replaced by your tenant's ID.`
        : `Set "authServerMetadataUrl" in the "auth" of "${server}" to the metadata of ${claimed} itself (${issuerCandidates(claimed)[0] ?? 'its well-known URL'}), or remove it if that server is not yours.`,
      data: { server, metadataUrl: url.href, claimedIssuer: claimed },
    },
  );
}
