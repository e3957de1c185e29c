import { isCodedError, type CodedError } from '../../shared/errors';
import type { CoreContext } from './core-context';

/**
 * An `auth.key` reference's value, undefined when it names nothing. A secret store that cannot answer
 * (locked, missing: CodedError auth_required with `data.store`) is its own error, never "no key
 * stored": the person must unlock the store, not store a key.
 */
export async function apiKeyOf(core: Pick<CoreContext, 'resolveSecret'>, server: string, reference: string): Promise<string | undefined> {
  try {
    return await core.resolveSecret(server, reference);
  } catch (error) {
    if (isCodedError(error) && error.code === 'auth_required' && error.data?.['store'] !== undefined) throw error;
    return undefined;
  }
}

/** The store a `${secret:STORE:PATH}` key names, for the hint; undefined for a vault secret. */
export function storeOfReference(reference: string): { store: string; path: string } | undefined {
  const match = /\$\{secret:([^:}]+):([^}]+)\}/.exec(reference);
  return match?.[1] !== undefined && match[2] !== undefined && match[1] !== 'vault' ? { store: match[1], path: match[2] } : undefined;
}

export function isStoreError(error: unknown): error is CodedError {
  return isCodedError(error) && error.data?.['store'] !== undefined;
}
