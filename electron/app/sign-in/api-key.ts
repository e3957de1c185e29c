import type { ServerConfig } from '../../../shared/config';
import { APP_SIGN_IN, CodedError } from '../../../shared/errors';
import { secretKey, vaultKey, type Vault, type VaultKey } from '../../../shared/vault';

const SECRET_REFERENCE = /^\$\{secret:([^}]+)\}$/;

/**
 * Where an `api_key` entry reads its key: the secret its `key` names (the one scoped to the server when
 * it exists, as the resolver prefers it, else the global one), or the vault entry `<server>/apiKey`.
 */
export async function apiKeyLocation(vault: Pick<Vault, 'get'>, server: string, config: ServerConfig): Promise<VaultKey> {
  const auth = config.auth;
  if (auth?.type !== 'api_key') {
    throw new CodedError('invalid_input', `"${server}" does not take an API key`, { hint: `Sign in to it instead: run \`connected-services connect ${server}\` (or ${APP_SIGN_IN}).` });
  }
  if (auth.key === undefined) return vaultKey(server, 'apiKey');
  const name = SECRET_REFERENCE.exec(auth.key)?.[1];
  if (name === undefined) {
    // `${env:NAME}`: the key comes from the environment the app started in, which the app cannot change.
    throw new CodedError('invalid_input', `"${server}" reads its API key from ${auth.key}, not from the vault`, {
      hint: `Set it in the environment the app starts in, or write "key": "\${secret:NAME}" in the "auth" of "${server}".`,
    });
  }
  const scoped = secretKey(name, server);
  return (await vault.get(scoped)) !== undefined ? scoped : secretKey(name);
}
