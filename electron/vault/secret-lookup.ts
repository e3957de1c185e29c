import { SECRET_NAME_PATTERN, secretKey, type Vault } from '../../shared/vault';

/**
 * The `secret` resolver for resolveReferences: a secret scoped to `server` wins over the global one
 * of the same name.
 */
export function secretLookup(vault: Pick<Vault, 'get'>, server?: string): (name: string) => Promise<string | undefined> {
  return async (name) => {
    if (!SECRET_NAME_PATTERN.test(name)) return undefined;
    if (server !== undefined) {
      const scoped = await vault.get(secretKey(name, server));
      if (scoped !== undefined) return scoped;
    }
    return vault.get(secretKey(name));
  };
}
