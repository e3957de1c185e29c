export { createAuthCoordinator } from './coordinator';
export type {
  AuthCoordinator,
  AuthCoordinatorOptions,
  AuthStatus,
  AuthStatusChange,
  ConnectOptions,
  CredentialOptions,
  DeliveredCredential,
  DisconnectResult,
  FlowEvent,
} from './types';
export {
  FullAuthConfigSchema,
  OAuthAuthSchema,
  ClientCredentialsAuthSchema,
  ApiKeyAuthSchema,
  NoAuthSchema,
  parseAuthConfig,
  parseTargetAuth,
  stdioAuthTarget,
  stdioTokenUrl,
} from './auth-config';
export type { AuthTarget, FullAuthConfig, OAuthAuth, ClientCredentialsAuth, ApiKeyAuth } from './auth-config';
export { validateBrowserUrl, validateEndpointUrl, isLoopbackHost, isLinkLocalOrMetadata } from './url-safety';
export { systemBrowserOpener, systemOpenerCommand, printUrl, openWith } from './openers';
export type { Opener, SpawnOpenerOptions } from './openers';
export { parseCommandLine } from './command-argv';
export { createLoopbackListener } from './loopback-listener';
export type { RedirectListener, RedirectListenerFactory, CallbackRequest } from './loopback-listener';
export { parseBearerChallenge } from './www-authenticate';
export type { BearerChallenge } from './www-authenticate';
export { canonicalResource } from './resource';
export { DEFAULT_EXPIRES_IN_S, issuerHash, tokensKey } from './token-record';
export type { AuthFlow } from './token-record';
export { REGISTRATION_NAMESPACE, registrationKey } from './client-identity';
export { MAX_STEP_UPS } from './scopes';
export { connectHint } from './auth-errors';
export type { FetchLike } from '../net';
export type { Resolver, ResolvedAddress } from './endpoint-fetch';
