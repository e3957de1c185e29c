import type { ApiInput, AppApi, SecretStoreView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { joinedList } from '../../../shared/text';
import { findReferences, MAX_STORE_PATH, refuseUnusableValue, validStorePath } from '../../../shared/vault';
import type { Registry } from '../../registry';
import { commandStoreLine, type SecretStore, type SecretStores } from '../../secret-stores';
import { storeApprovalEntry, storeApprovalName } from './open-secret-stores';

export interface SecretStoresApiOptions {
  registry: Registry;
  stores: SecretStores;
}

/** The stores settings.secretStores configures or a server's entry names (`${secret:STORE:PATH}`), each with the paths named. */
function usedStores(registry: Registry): Map<string, Set<string>> {
  const config = registry.config();
  const used = new Map(Object.keys(config.settings?.secretStores ?? {}).map((name) => [name, new Set<string>()]));
  for (const entry of Object.values(config.mcpServers)) {
    try {
      for (const ref of findReferences(JSON.stringify(entry))) {
        const paths = used.get(ref.store ?? 'vault') ?? new Set<string>();
        used.set(ref.store ?? 'vault', paths.add(ref.name));
      }
    } catch {
      // An unterminated reference is the config's problem, reported there.
    }
  }
  return used;
}

const ABILITY_WORDS = { list: 'list its entries', set: 'store values', delete: 'delete entries' } as const;

/** A path as `${secret:STORE:PATH}` takes it: never read as an option, never climbing out of the store. */
function checkedPath(path: string): string {
  if (validStorePath(path)) return path;
  throw new CodedError('invalid_input', `"${redact(path).slice(0, 80)}" is not a path of a secret store`, {
    hint: `Use 1-${MAX_STORE_PATH} printable characters, not starting with "-", without "." or ".." segments`,
  });
}

/** The store by its name, if it can do this; else an error saying what it can do instead. */
function able(stores: SecretStores, name: string, ability: keyof typeof ABILITY_WORDS): SecretStore {
  if (!stores.list().some((s) => s.name === name)) {
    throw new CodedError('not_found', `No secret store named "${name}" is configured`, { hint: 'See `connected-services secrets stores`' });
  }
  const store = stores.open(name);
  if (!store.abilities[ability]) {
    const can = (Object.keys(ABILITY_WORDS) as (keyof typeof ABILITY_WORDS)[]).filter((a) => store.abilities[a]).map((a) => ABILITY_WORDS[a]);
    throw new CodedError('invalid_input', `The secret store "${name}" (${store.type}) cannot ${ABILITY_WORDS[ability]} from here`, {
      hint: can.length > 0 ? `It can ${joinedList(can)} here; do the rest in its own program` : `Manage its entries in its own program; here it is only read`,
    });
  }
  return store;
}

type SecretStoreMethods = Pick<AppApi, 'listSecretStores' | 'approveSecretStore' | 'listStoreSecrets' | 'setStoreSecret' | 'deleteStoreSecret'>;

/** `secrets stores`: what each store is and whether it answers; a command store's approval, as a server's command's. */
export function createSecretStoresApi({ registry, stores }: SecretStoresApiOptions): SecretStoreMethods {
  return {
    listSecretStores: async () => {
      const used = usedStores(registry);
      return Promise.all(
        stores.list().map(async ({ name, config }): Promise<SecretStoreView> => {
          const store = stores.open(name);
          const health = await store.health([...(used.get(name) ?? [])]);
          const command =
            config?.type === 'command'
              ? {
                  commandLine: commandStoreLine(config),
                  argv: [config.command, ...(config.args ?? [])],
                  approval: registry.approvals.status(storeApprovalName(name), storeApprovalEntry(config)) === 'approved' ? ('approved' as const) : ('pending' as const),
                }
              : {};
          return {
            name,
            type: store.type,
            abilities: store.abilities,
            ok: health.ok,
            detail: redact(health.detail),
            ...(health.fix !== undefined ? { fix: redact(health.fix) } : {}),
            ...command,
            used: used.has(name),
          };
        }),
      );
    },
    listStoreSecrets: async ({ store }: ApiInput<'listStoreSecrets'>) => (await able(stores, store, 'list').list?.()) ?? [],
    setStoreSecret: async ({ store, path, value }: ApiInput<'setStoreSecret'>) => {
      refuseUnusableValue(value);
      await able(stores, store, 'set').set?.(checkedPath(path), value);
      return { ok: true as const };
    },
    deleteStoreSecret: async ({ store, path }: ApiInput<'deleteStoreSecret'>) => ({ deleted: (await able(stores, store, 'delete').delete?.(checkedPath(path))) ?? false }),
    approveSecretStore: async ({ name, commandLine }: ApiInput<'approveSecretStore'>) => {
      const config = stores.list().find((store) => store.name === name)?.config;
      if (config === undefined) {
        throw new CodedError('not_found', `No secret store named "${name}" is configured`, { hint: 'See `connected-services secrets stores`' });
      }
      if (config.type !== 'command') {
        throw new CodedError('invalid_input', `The secret store "${name}" runs no command of its own; only command stores need approval`);
      }
      if (commandLine !== undefined && commandLine !== commandStoreLine(config)) {
        throw new CodedError('invalid_input', `the command of the secret store "${name}" changed since it was shown; nothing was approved`, {
          hint: 'review the command again before approving it',
        });
      }
      await registry.approvals.approve(storeApprovalName(name), storeApprovalEntry(config));
      return { ok: true as const };
    },
  };
}
