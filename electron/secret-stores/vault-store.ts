import { GLOBAL_SERVER, SECRET_NAME_PATTERN, secretKey, secretNameOf, type Vault } from '../../shared/vault';
import { healthOf, storeUnavailable, type SecretStore } from './secret-store';

/**
 * Our vault as a store: `${secret:NAME}` and `${secret:vault:NAME}`. For a server, its own secret
 * of that name wins over the one for every server. Everything works; `list` names the secrets for
 * every server.
 */
export function createVaultStore(vault: Pick<Vault, 'get' | 'set' | 'delete' | 'keys' | 'health'>, server?: string): SecretStore {
  return {
    name: 'vault',
    type: 'vault',
    abilities: { list: true, set: true, delete: true },
    async get(path) {
      if (!SECRET_NAME_PATTERN.test(path)) return undefined;
      if (server !== undefined) {
        const scoped = await vault.get(secretKey(path, server));
        if (scoped !== undefined) return scoped;
      }
      return vault.get(secretKey(path));
    },
    async list() {
      const keys = await vault.keys({ server: GLOBAL_SERVER });
      return keys.flatMap((key) => {
        const name = secretNameOf(key);
        return name === undefined ? [] : [name];
      });
    },
    set: (path, value) => vault.set(secretKey(path), value),
    delete: (path) => vault.delete(secretKey(path)),
    health: () =>
      healthOf(() => {
        const health = vault.health();
        // Its own words say why (a passphrase that does not open it, a keychain locked) and what to do.
        if (health.state !== 'ready') return Promise.reject(storeUnavailable('vault', `is ${health.state}: ${health.message.replace(/\.$/, '')}`, 'Run `connected-services doctor` for more.'));
        // It answers, but what is stored in it is gone when the app quits.
        if (!health.persistent) {
          return Promise.reject(
            storeUnavailable('vault', 'keeps secrets only in memory, until the app quits', 'Set CONNECTED_SERVICES_PASSPHRASE to a passphrase of your own, or unlock or install an OS keychain, then start the app again.'),
          );
        }
        return Promise.resolve('our vault');
      }),
  };
}
