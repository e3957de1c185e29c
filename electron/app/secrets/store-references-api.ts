import type { ApiInput, AppApi, StoreReferenceView, StoreUse } from '../../../shared/api';
import type { SecretStoreConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { Registry } from '../../registry';
import type { SecretStores, StoreUseRecord, StoreUses } from '../../secret-stores';
import { storeApprovalEntry, storeApprovalName } from './open-secret-stores';
import { gatherStoreReferences, type GatheredReference } from './store-references';

export interface StoreReferencesApiOptions {
  registry: Registry;
  stores: SecretStores;
  uses: StoreUses;
}

type StoreReferenceMethods = Pick<AppApi, 'listStoreReferences' | 'testStoreReference' | 'revealStoreReference'>;

/** Where the person changes an entry: in the store's own program, or here where the store takes a value. */
function guidanceFor(store: string, path: string, config: SecretStoreConfig | undefined): string {
  switch (config?.type) {
    case 'pass':
      return `Change it with \`pass edit ${path}\` (or Replace here), then Test.`;
    case 'keepassxc':
      return `Change the entry "${path}" in KeePassXC (or \`keepassxc-cli edit\`), then Test.`;
    case 'secret-service':
      return `Change it in your keyring (Passwords and Keys, or Replace here), then Test.`;
    case 'command':
      return `Change it in the password manager \`${config.command}\` reads from (its app or command line), then Test.`;
    case undefined:
      return `No secret store is named "${store}": add it to "secretStores" in the settings of mcp.json, or fix the reference.`;
  }
}

const view = (record: StoreUseRecord): StoreUse => ({ ...record });

/** The Access page's rows for `${secret:STORE:PATH}` references: store, uses, last resolution, never a value. */
export function createStoreReferencesApi({ registry, stores, uses }: StoreReferencesApiOptions): StoreReferenceMethods {
  const configOf = (store: string): SecretStoreConfig | undefined => stores.list().find((s) => s.name === store)?.config;
  const approved = (store: string, config: SecretStoreConfig): boolean =>
    config.type !== 'command' || registry.approvals.status(storeApprovalName(store), storeApprovalEntry(config)) === 'approved';

  /** Only an entry a configured server names is read: no probing of a store's other entries. */
  const referenced = (store: string, path: string): GatheredReference & { config: SecretStoreConfig } => {
    const found = gatherStoreReferences(registry.config()).find((r) => r.store === store && r.path === path);
    if (found === undefined) {
      throw new CodedError('not_found', `No configured server names \${secret:${store}:${path}}`, { hint: 'The Access page lists the store entries your servers use' });
    }
    const config = configOf(store);
    if (config === undefined) {
      throw new CodedError('invalid_config', `No secret store is named "${store}".`, { hint: guidanceFor(store, path, undefined) });
    }
    return { ...found, config };
  };
  const read = (ref: GatheredReference) => () => stores.open(ref.store, ref.uses[0]?.server).get(ref.path);

  return {
    listStoreReferences: () =>
      Promise.resolve(gatherStoreReferences(registry.config()).map((ref): StoreReferenceView => {
        const config = configOf(ref.store);
        const last = uses.last(ref.store, ref.path);
        const store = config !== undefined ? stores.open(ref.store) : undefined;
        return {
          ...ref,
          type: config?.type ?? 'unknown',
          ...(last !== undefined ? { lastUse: view(last) } : {}),
          canReveal: config !== undefined && approved(ref.store, config),
          canReplace: store?.abilities.set === true,
          guidance: guidanceFor(ref.store, ref.path, config),
        };
      })),
    testStoreReference: async ({ store, path }: ApiInput<'testStoreReference'>) => {
      const ref = referenced(store, path);
      // A store that cannot answer is the test's answer, not an error of the call.
      await uses.track(store, path, undefined, read(ref)).catch(() => undefined);
      const last = uses.last(store, path);
      if (last === undefined) throw new CodedError('internal', 'the test recorded nothing');
      return view(last);
    },
    revealStoreReference: async ({ store, path }: ApiInput<'revealStoreReference'>) => {
      const ref = referenced(store, path);
      if (!approved(store, ref.config)) {
        throw new CodedError('denied', `The secret store "${store}" runs a command that waits for your approval`, { hint: 'Approve it in Settings → Secret stores first' });
      }
      const value = await uses.track(store, path, undefined, read(ref));
      if (value === undefined) throw new CodedError('not_found', `The store "${store}" holds no entry at "${path}"`, { hint: guidanceFor(store, path, ref.config) });
      return { value };
    },
  };
}
