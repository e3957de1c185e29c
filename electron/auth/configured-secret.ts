import type { AnyOAuth } from './auth-config';
import type { TokenRecord } from './token-record';

function sameOrigin(a: string, b: string): boolean {
  const left = URL.parse(a);
  const right = URL.parse(b);
  return left !== null && right !== null && left.origin === right.origin;
}

/**
 * Whether the entry's client secret goes with requests about a token record (its refresh, revocation, a
 * credential file): only for the record's own client, at the authorization server the entry names, if
 * it names one. An entry edited to another server (the same client ID at a staging and a production
 * server, say) holds that server's secret, which the issuer of the older tokens must never see
 * (RFC 6749 §2.3.1). A metadata URL names an issuer on its own origin (configured-issuer.ts).
 */
export function secretFitsRecord(auth: AnyOAuth, record: Pick<TokenRecord, 'clientId' | 'clientSource' | 'issuer'>): boolean {
  if (record.clientSource !== 'preregistered' || auth.clientSecret === undefined || auth.clientId !== record.clientId) return false;
  if (auth.authServerMetadataUrl !== undefined) return sameOrigin(auth.authServerMetadataUrl, record.issuer);
  if ('issuer' in auth && auth.issuer !== undefined) return auth.issuer === record.issuer;
  return true;
}

/** The entry holds a secret for this record's client, but names another authorization server than the record's. */
export function secretForAnotherServer(auth: AnyOAuth, record: Pick<TokenRecord, 'clientId' | 'clientSource' | 'issuer'>): boolean {
  return record.clientSource === 'preregistered' && auth.clientSecret !== undefined && auth.clientId === record.clientId && !secretFitsRecord(auth, record);
}
