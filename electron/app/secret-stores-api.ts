import type { ApiInput, AppApi, SecretStoreView } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { findReferences } from '../../shared/vault';
import type { Registry } from '../registry';
import { commandStoreLine, type SecretStores } from '../secret-stores';
import { storeApprovalEntry, storeApprovalName } from './open-secret-stores';

export interface SecretStoresApiOptions {
  registry: Registry;
  stores: SecretStores;
}

/** The stores settings.secretStores configures or a server's entry names (`${secret:STORE:PATH}`). */
function usedStores(registry: Registry): Set<string> {
  const config = registry.config();
  const used = new Set(Object.keys(config.settings?.secretStores ?? {}));
  for (const entry of Object.values(config.mcpServers)) {
    try {
      for (const ref of findReferences(JSON.stringify(entry))) used.add(ref.store ?? 'vault');
    } catch {
      // An unterminated reference is the config's problem, reported there.
    }
  }
  return used;
}

type SecretStoreMethods = Pick<AppApi, 'listSecretStores' | 'approveSecretStore'>;

/** `secrets stores`: what each store is and whether it answers; a command store's approval, as a server's command's. */
export function createSecretStoresApi({ registry, stores }: SecretStoresApiOptions): SecretStoreMethods {
  return {
    listSecretStores: async () => {
      const used = usedStores(registry);
      return Promise.all(
        stores.list().map(async ({ name, config }): Promise<SecretStoreView> => {
          const store = stores.open(name);
          const health = await store.health();
          const command =
            config?.type === 'command'
              ? {
                  commandLine: commandStoreLine(config),
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
