export {
  GLOBAL_SERVER,
  VAULT_KINDS,
  SECRET_NAME_PATTERN,
  VaultKeySchema,
  vaultKey,
  formatVaultKey,
  parseVaultKey,
  tryParseVaultKey,
  secretKey,
  secretNameOf,
  sameVaultKey,
  describeVaultKey,
  vaultSource,
} from './vault-key';
export type { VaultKey, VaultBaseKind } from './vault-key';
export {
  VAULT_PROVIDERS,
  VAULT_SAFETY,
  VAULT_STATES,
  VaultSafetySchema,
  VaultStateSchema,
  CorruptFileSchema,
  VaultHealthSchema,
} from './vault-health';
export type { VaultProviderId, VaultSafety, VaultState, CorruptFile, VaultHealth } from './vault-health';
export type { Vault, VaultChange, VaultEvents } from './vault-contract';
export { refuseUnusableValue } from './usable-value';
export { isKeptVariable, isOwnVariable, ownVariableMessage, OWN_VARIABLE_PREFIX, storePasswordMessage } from './own-variables';
export { findReferences, hasReferences, malformedReference, resolveReferences, validStorePath, STORE_NAME_PATTERN, MAX_STORE_PATH } from './references';
export type { ReferenceKind, SecretReference, ReferenceResolvers } from './references';
export { VAULT_KEYCHAIN_SERVICE, VAULT_KEY_ACCOUNT_PREFIX, couldMatchVaultKey } from './keychain-entry';
