import { createHash } from 'node:crypto';
import { vaultKey, type VaultKey } from '../../shared/vault';

/** A short, stable, vault-key-safe name for an issuer. */
export function issuerHash(issuer: string): string {
  return createHash('sha256').update(issuer).digest('base64url').slice(0, 22);
}

/** Where a server's tokens from one issuer are kept. */
export function tokensKey(server: string, issuer: string): VaultKey {
  return vaultKey(server, `tokens:${issuerHash(issuer)}`);
}

/** Registrations belong to an authorization server, not a server: kept in this vault namespace. */
export const REGISTRATION_NAMESPACE = '_oauth';

/** Where a client registered with an issuer is kept (per client id, or the issuer's one of old). */
export function registrationKey(issuer: string, clientId?: string): VaultKey {
  return vaultKey(REGISTRATION_NAMESPACE, `client:${issuerHash(issuer)}${clientId === undefined ? '' : `:${issuerHash(clientId)}`}`);
}
