export { openRegistry, CONFIG_FILE, APPROVALS_FILE } from './registry';
export { defaultDataDir, ensureDataDir, DATA_DIR_ENV } from './data-dir';
export type { DataDirContext } from './data-dir';
export { commandFingerprint } from './fingerprint';
export { stripJsonc, parseJsonc } from './jsonc';
export { sanitizeServerName } from './sanitize-name';
export type { ApprovalStore, Registry, RegistryEvents, RegistryOptions } from './types';
export { findLiteralSecrets, looksLikeToken } from './import-secrets';
export type { SecretSink } from './import-secrets';
