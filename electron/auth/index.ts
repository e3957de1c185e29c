// The coordinator's code (flows, discovery, refresh) loads at its first use, not at start-up.
export { lazyAuthCoordinator as createAuthCoordinator } from './lazy-coordinator';
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
export { validateBrowserUrl, validateEndpointUrl, isInternationalizedHost, isLoopbackHost, isLinkLocalOrMetadata, hostReachRefusal } from './url-safety';
export type { Reach } from '../net';
export type { UrlOpenedBy } from './browser-url';
export { systemBrowserOpener, systemOpenerCommand, printUrl, openWith, OPENED_REACH } from './openers';
export type { Opener, SpawnOpenerOptions } from './openers';
export { parseCommandLine } from './command-argv';
export type { RedirectListener, RedirectListenerFactory, CallbackRequest } from './loopback-listener';
export type { BearerChallenge } from './www-authenticate';
export { issuerHash, tokensKey, REGISTRATION_NAMESPACE, registrationKey } from './vault-keys';
export type { AuthFlow } from './token-record';
export type { FetchLike } from '../net';
export type { Resolver, ResolvedAddress } from './endpoint-fetch';
