/**
 * Secret stores (docs/vault.md, "Secret stores"): one `SecretStore` interface (get; list, set and
 * delete where the store allows), our vault its first implementation, and pass, KeePassXC
 * (`keepassxc-cli`), the OS Secret Service (`secret-tool`) and any password manager's command beside
 * it. `createSecretStores` names them for `${secret:STORE:PATH}`; each store's program runs without a
 * shell, bounded in time and output; a store that cannot answer throws auth_required naming it.
 */
export { createSecretStores } from './open-stores';
export type { SecretStores, SecretStoresOptions } from './open-stores';
export type { SecretStore, StoreHealth, StoreAbilities } from './secret-store';
export { storeUnavailable } from './secret-store';
export { commandStoreLine } from './command-store';
export type { StoreApproval } from './command-store';
export { KEEPASSXC_DATABASE_ENV, KEEPASSXC_PASSWORD_ENV } from './keepassxc-store';
export { attributesOf } from './secret-service-store';
export { createVaultStore } from './vault-store';
export { StoreUses } from './store-uses';
export type { StoreUseRecord } from './store-uses';
export type { StoreSpawn } from './run-store-program';
export { storeRunsEnded } from './run-store-program';
