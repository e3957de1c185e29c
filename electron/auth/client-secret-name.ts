import { findReferences } from '../../shared/vault';
import type { AnyOAuth } from './auth-config';

/** The vault secret an entry's clientSecret is, when it is one reference to the vault (`${secret:NAME}`). */
export function vaultSecretName(auth: AnyOAuth): string | undefined {
  const value = 'clientSecret' in auth ? auth.clientSecret : undefined;
  if (value === undefined) return undefined;
  try {
    const refs = findReferences(value);
    const only = refs[0];
    return refs.length === 1 && only !== undefined && only.text === value && only.kind === 'secret' && only.store === undefined ? only.name : undefined;
  } catch {
    return undefined;
  }
}
