export {
  SERVER_NAME,
  ServerNameSchema,
  DEFAULT_TIMEOUT_MS,
  MAX_TOOL_TIMEOUTS,
  MAX_TIMEOUT_MS,
  DEFAULT_STARTUP_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  idleTimeoutOf,
  DEFAULT_UI_PORT,
  DEFAULT_BRIDGE_PORT,
  ToolPolicySchema,
  StdioServerSchema,
  HttpServerSchema,
  MAX_URL_CHARS,
  SettingsSchema,
  TRANSPORTS,
  transportOf,
  isStdio,
  isEnabled,
} from './schema';
export type {
  ToolPolicy,
  StdioServerConfig,
  HttpServerConfig,
  ServerConfig,
  Settings,
  McpConfig,
  Transport,
} from './schema';
export { callTimeout } from './call-timeout';
export { OFFICIAL_REGISTRY, checkRegistryUrl } from './registry-url';
export { clearTextWarning } from './clear-text-url';
export { LOOKS_LIKE_FILE, urlSpaceProblem, withScheme } from './url-problem';
export { blockedPortWarning } from './blocked-port';
export { addressWarnings } from './address-warnings';
export type { AddressWarning } from './address-warnings';
export { argumentSecretsWarning, secretsInArguments } from './argument-secrets';
export type { CallTimeout } from './call-timeout';
export { CODE_LOADING_ENV, CODE_LOADING_PREFIXES, codeLoadingEnv, isCodeLoadingEnv } from './code-env';
export { fieldPath, shownKey } from './field-path';
export { fieldPlace, formatIssue } from './issue';
export type { ConfigIssue } from './issue';
export { parseConfigText, parseConfigTextTolerant, parseConfigObject, parseConfigObjectTolerant, locateJsonError, isRecord } from './parse';
export type { ParseResult, TolerantParseResult } from './parse';
export { diffServers, sameServer, sameConnection, canonicalJson } from './diff';
export type { ServerDiff } from './diff';
export { isToolAllowed } from './tool-policy';
export {
  AuthConfigSchema,
  FullAuthConfigSchema,
  OAuthAuthSchema,
  ClientCredentialsAuthSchema,
  ApiKeyAuthSchema,
  NoAuthSchema,
  SCOPE_TOKEN,
  StdioAuthConfigSchema,
  FullStdioAuthConfigSchema,
} from './auth-schema';
export type { AuthConfig, FullAuthConfig, OAuthAuth, ClientCredentialsAuth, ApiKeyAuth, AnyOAuth } from './auth-schema';
export type { StdioAuthConfig, FullStdioAuthConfig, StdioOAuthAuth, StdioClientCredentialsAuth } from './auth-schema';
export { CredentialFileSchema, CREDENTIAL_FORMATS, findTokenPlaceholders, replaceTokenPlaceholders } from './stdio-credential';
export type { CredentialFile, CredentialFormat, TokenPlaceholder } from './stdio-credential';
export { splitCommandLine, looksLikeCommandLine, MAX_COMMAND_LINE_CHARS } from './split-command-line';
export type { SplitCommandLine } from './split-command-line';
export { parsePastedEntry, looksLikeJson } from './pasted-entry';
export type { PastedServer } from './pasted-entry';
export {
  SECRET_STORE_NAME,
  DEFAULT_STORE_NAMES,
  VAULT_STORE_NAME,
  MAX_SECRET_STORES,
  MAX_STORE_TIMEOUT_MS,
  STORE_PATH_PLACEHOLDER,
  SecretStoreConfigSchema,
  SecretStoresSchema,
  configuredStores,
} from './secret-stores-schema';
export type { SecretStoreConfig, CommandStoreConfig, SecretStoreType } from './secret-stores-schema';
export { gatherBelowQuiet, INPUT_ROUND_SETTINGS, INPUT_ROUND_SETTING_NAMES, inputRoundMs } from './input-round-settings';
export type { InputRoundSetting } from './input-round-settings';
export { assertNoCaseTwin, caseTwin, caseTwinError, caseTwins } from './name-case';
export { assertNoSeparator, freeName, holdsSeparator, nestedError, nestsIn, separatorError, withoutSeparator } from './name-separator';
export { isDockerCommand } from './docker-command';
export { serverEntry } from './server-entry';
export { ownRecord } from './own-record';
export { EnvNameSchema, envNameProblem, MAX_ENV_NAME } from './env-name';
export { SESSION_SETTING_NAMES, SESSION_SETTINGS, sessionSetting, sessionTimings } from './session-settings';
export type { SessionSetting, SessionTimings } from './session-settings';
export { idleTime, UI_SESSION_IDLE, UiSessionIdleSchema } from './ui-session-idle';
export { findLiteralSecrets, secretEnv, secretInUrl, secretNameFor, urlSecretParts } from './literal-secrets';
export { secretInside } from './embedded-secret';
export { refusableEnv, refusableHeader, refusableSecret } from './refusable-secret';
export { secretBesideReference, secretsBesideReferences } from './secret-beside-reference';
export { argumentValue, secretArguments } from './credential-flags';
export { hiddenArgument, hideArgumentSecrets, hideSecrets } from './hidden-arguments';
export { querySecrets, withQueryReference } from './url-query-secrets';
export type { FoundSecret } from './literal-secrets';
export {
  emptied,
  hasTokenPrefix,
  looksLikeToken,
  onlyReferences,
  outsideReferences,
  secretInQuery,
  secretInUrlPath,
  secretNamed,
  tokenShaped,
  urlWithPassword,
} from './secret-shapes';
export { storePasswordIssues, storePasswordReferences, storePasswordVariables } from './own-variable-references';
export { referenceIssues, type ReferenceIssue } from './reference-issues';
export { referenceStrings, type ReferenceFields } from './reference-fields';
export { mistypedReferences } from './mistyped-references';
export type { MistypedReference } from './mistyped-references';
