import type { Vault } from '../../shared/vault';
import { readTokens, type TokenRecord } from './token-record';

/**
 * The other servers holding tokens from the same issuer for the same client. At many authorization
 * servers that is one grant, and revoking any of its tokens may end it for all (RFC 7009 §2.1), so a
 * disconnect revokes nothing while one of these still uses it.
 */
export async function serversSharingGrant(vault: Vault, server: string, record: Pick<TokenRecord, 'issuer' | 'clientId'>): Promise<string[]> {
  const names = new Set<string>();
  for (const key of await vault.keys()) {
    if (key.server === server || names.has(key.server) || !key.kind.startsWith('tokens:')) continue;
    const other = await readTokens(vault, key);
    if (other?.record.issuer === record.issuer && other.record.clientId === record.clientId) names.add(key.server);
  }
  return [...names].sort();
}
