/**
 * The credential vault (docs/architecture.md): `openVault(options)` gives a `Vault` (contract in
 * shared/vault) over one encrypted file, vault.enc, in the data folder. Its key comes from the OS
 * keychain (@napi-rs/keyring, run in a killable helper process, pinned to the Secret Service on Linux)
 * or a passphrase (scrypt); with neither, secrets stay in memory and health says so.
 * `resolveReferences` + `secretLookup` resolve `${secret:NAME}` / `${env:NAME}` in config strings;
 * `vaultHealth(options)` / `vault.health()` feed doctor and status.
 */
export { openVault, vaultHealth, VAULT_FILE_NAME } from './open-vault';
export type { VaultOptions, ProviderChoice } from './open-vault';
export { createKeychainProvider, KEYCHAIN_PROVIDER_ID, DEFAULT_KEYCHAIN_SERVICE } from './keychain-provider';
export type { KeychainProviderOptions, KeychainRunner } from './keychain-provider';
export type { KeychainRequest, KeychainReply } from './keychain-child';
export {
  createPassphraseProvider,
  hasPassphrase,
  PASSPHRASE_PROVIDER_ID,
  PASSPHRASE_ENV,
  PASSPHRASE_PROVIDER_LABEL,
  WRONG_PASSPHRASE_HINT,
  DEFAULT_SCRYPT,
} from './passphrase-provider';
export type { PassphraseProviderOptions, ScryptParams } from './passphrase-provider';
export { INSECURE_PROVIDER_ID, INSECURE_FILE_NAME } from './plaintext-sealer';
export { VAULT_KEY_BYTES } from './key-provider';
export type { KeyProvider, KeyParams, CreatedKey, ProbeResult } from './key-provider';
export { DEFAULT_PROVIDER_TIMEOUT_MS } from './bounded-call';
export type { LockOptions as FileLockOptions } from '../fs-safe';
export type { RedactorLike } from './secret-tracker';
export { MAX_VALUE_BYTES } from './vault-core';
export { secretLookup } from './secret-lookup';
export { vaultDoctorCheck } from './doctor-check';
export {
  GLOBAL_SERVER,
  secretKey,
  vaultKey,
  formatVaultKey,
  parseVaultKey,
  resolveReferences,
  findReferences,
  hasReferences,
} from '../../shared/vault';
export type {
  Vault,
  VaultKey,
  VaultChange,
  VaultEvents,
  VaultHealth,
  CorruptFile,
  ReferenceResolvers,
  SecretReference,
} from '../../shared/vault';
