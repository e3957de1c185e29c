import type { CoreEnv } from '../../shared/core-env';
import { CodedError } from '../../shared/errors';
import { configuredStores, VAULT_STORE_NAME, type CommandStoreConfig, type SecretStoreConfig, type Settings } from '../../shared/config';
import type { Vault } from '../../shared/vault';
import type { RunRecords } from '../proc-env';
import { createCommandStore, type StoreApproval } from './command-store';
import { createKeepassxcStore } from './keepassxc-store';
import { createPassStore } from './pass-store';
import type { StoreSpawn } from './run-store-program';
import { createSecretServiceStore } from './secret-service-store';
import type { SecretStore } from './secret-store';
import type { StoreUses } from './store-uses';
import { createVaultStore } from './vault-store';

/** The core's `env`: each store's program gets its own environment picked from it. */
export interface SecretStoresOptions extends Pick<CoreEnv, 'env'> {
  /** The current `settings` of mcp.json: read at each use, so an edit applies to the next start. */
  settings: () => Settings | undefined;
  vault: Pick<Vault, 'get' | 'set' | 'delete' | 'keys' | 'health'>;
  /** Whether the person approved a command store's exact command line. */
  approval: (name: string, config: CommandStoreConfig) => StoreApproval;
  spawn?: StoreSpawn;
  /** Where the stores' program runs are recorded while they run (Linux), so a start after a crash stops what they left. */
  runs?: RunRecords;
  /** Where each read of a reference records whether it resolved (the Access page shows it). */
  uses?: StoreUses;
}

export interface SecretStores {
  /** Every store a reference may name (our vault first), with its config (none for the vault). */
  list(): { name: string; config?: SecretStoreConfig }[];
  /** The store by name, for `server`'s references (the vault looks in its own secrets first); throws invalid_config when none is. */
  open(name: string, server?: string): SecretStore;
  /** The `store` resolver of resolveReferences for one server's references. */
  resolverFor(server?: string): (store: string, path: string) => Promise<string | undefined>;
}

/** The stores of `settings.secretStores`, the defaults and our vault, each opened when used (nothing is kept). */
export function createSecretStores(options: SecretStoresOptions): SecretStores {
  const configs = () => configuredStores(options.settings()?.secretStores);
  const open = (name: string, server?: string): SecretStore => {
    if (name === VAULT_STORE_NAME) return createVaultStore(options.vault, server);
    const config = Object.hasOwn(configs(), name) ? configs()[name] : undefined;
    if (config === undefined) {
      throw new CodedError('invalid_config', `No secret store is named "${name}".`, {
        hint: `Add it to "secretStores" in the settings of mcp.json, or use pass, keepassxc, secret-service or vault (\`connected-services secrets stores\` lists them).`,
        data: { store: name },
      });
    }
    return storeOf(name, config, options);
  };
  return {
    list: () => [{ name: VAULT_STORE_NAME }, ...Object.entries(configs()).map(([name, config]) => ({ name, config }))],
    open,
    resolverFor: (server) => (store, path) => {
      const get = () => open(store, server).get(path);
      return options.uses !== undefined ? options.uses.track(store, path, server, get) : get();
    },
  };
}

function storeOf(name: string, config: SecretStoreConfig, options: SecretStoresOptions): SecretStore {
  const common = { name, env: options.env, spawn: options.spawn, runs: options.runs };
  switch (config.type) {
    case 'pass':
      return createPassStore({ ...common, config });
    case 'keepassxc':
      return createKeepassxcStore({ ...common, config, vaultSecret: (secret) => createVaultStore(options.vault).get(secret) });
    case 'secret-service':
      return createSecretServiceStore({ ...common, config });
    case 'command':
      return createCommandStore({ ...common, config, approval: options.approval });
  }
}
