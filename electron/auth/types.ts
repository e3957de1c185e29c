import type { CoreEnvOptions } from '../../shared/core-env';
import type { WireError } from '../../shared/errors';
import type { Vault } from '../../shared/vault';
import type { AuthTarget } from './auth-config';
import type { AuthLockOptions } from './file-lock';
import type { Resolver } from './endpoint-fetch';
import type { Reach, FetchLike } from '../net';
import type { UrlOpenedBy } from './browser-url';
import type { PoolCredential } from '../pool';
import type { RedirectListenerFactory } from './loopback-listener';
import type { Opener } from './openers';
import type { AuthFlow } from './token-record';

/** What a sign-in shows while it runs; the UI's login screen and the CLI render these. */
export type FlowEvent =
  | { type: 'discovered'; server: string; issuer: string; resource: string; scopes: string[] }
  /** The sign-in page, validated, about to be handed to the opener. */
  | { type: 'browser'; server: string; url: string; /** When the wait for the browser ends (ms since epoch). */ expiresAt?: number }
  /** RFC 8628 §3.2: what the person types, and where. */
  | {
      type: 'device_code';
      server: string;
      userCode: string;
      verificationUri: string;
      verificationUriComplete?: string;
      /** The origin of a verification_uri_complete dropped for not being the verification_uri's (RFC 8628 §3.3.1). */
      ignoredCompleteOrigin?: string;
      /** ms since epoch. */
      expiresAt: number;
      intervalMs: number;
    }
  /** One poll answered: still pending, asked to slow down (interval now larger), or approved. */
  | { type: 'device_poll'; server: string; state: 'pending' | 'slow_down' | 'approved'; attempt: number; intervalMs: number }
  | { type: 'connected'; server: string; scopes: string[]; expiresAt: number }
  | { type: 'failed'; server: string; error: WireError };

/** A server's authorization state as the pool and the UI see it. */
export interface AuthStatusChange {
  state: 'connected' | 'needs_auth' | 'disconnected';
  error?: WireError;
  /** For needs_auth after a 403 insufficient_scope: what the next sign-in will ask for. */
  scopes?: string[];
}

/** What `status` tells: never a secret. */
export interface AuthStatus {
  server: string;
  /** `none`, `oauth`, `device`, `client_credentials` or `api_key`. */
  type: string;
  connected: boolean;
  needsAuth: boolean;
  /** ms since epoch. */
  expiresAt?: number;
  scopes: string[];
  issuer?: string;
  /** The account signed in, when the issuer named it (an ID Token); absent: unknown. */
  account?: string;
  flow?: AuthFlow;
  /** Whether a refresh token is held (so expiry is handled without the person). */
  refreshable: boolean;
  /** Scopes a pending step-up will ask for. */
  pendingScopes?: string[];
  /** Of those, the ones servers named in 403 insufficient_scope answers (the rest were held or asked for before). */
  stepUpScopes?: string[];
  /** Why it needs authorization, when it does. */
  reason?: string;
  /** Other servers holding tokens of the same issuer and client (one grant at many servers); absent when none. */
  sharesGrantWith?: string[];
}

export interface ConnectOptions {
  /** Default: `device` for `type: "device"`, `client_credentials` for that type, else `browser`. */
  flow?: AuthFlow;
  signal?: AbortSignal;
  /** Overrides the coordinator's opener for this sign-in (`--print-url`, `--open-with`). */
  opener?: Opener;
  onEvent?: (event: FlowEvent) => void;
}

export interface DisconnectResult {
  /** Token records removed from the vault. */
  removed: number;
  /** Whether revocation was asked for and every removed record's grant was revoked (RFC 7009). */
  revoked: boolean;
  /** With `revoke`, what was not revoked and why, one entry per record (absent when all were). */
  notRevoked?: { issuer: string; reason: string }[];
  /**
   * With `revoke`, the servers sharing a grant with the removed tokens (same issuer and client): those
   * tokens were deleted here and not revoked, so the grant (and their sign-in) stays live.
   */
  grantSharedWith?: string[];
  /** With `revoke`, an API key kept for this server alone was deleted (it has no issuer to revoke it at). */
  forgotApiKey?: true;
}

/** A credential handed to a program on this computer (`${token}`, `credentialFile`): what the pool asks for. */
export type DeliveredCredential = PoolCredential;

export interface CredentialOptions {
  /** Include the refresh token and client (it then leaves the vault for that program). */
  withRefresh?: boolean;
}

/**
 * The core's environment (shared/core-env): `dataDir` holds the cross-process lock files
 * (`<dataDir>/auth-locks`), `env` the `${env:NAME}` references, `log` diagnostic lines (never a secret).
 */
export interface AuthCoordinatorOptions extends CoreEnvOptions {
  vault: Vault;
  /** `${secret:STORE:PATH}` in an `auth` block (an API key, a client secret kept in pass…): the store's entry for that server. */
  secretStore?: (server: string) => (store: string, path: string) => Promise<string | undefined>;
  /** Variables `${env:…}` may not name in an `auth` block: the ones a secret store reads its password from. */
  keptVariables?: () => readonly string[];
  /** Every HTTP request (metadata, AS, and the MCP requests of fetchFor). Default: global fetch. */
  fetch?: FetchLike;
  /**
   * Resolves host names before any request; every address is checked and the connection pinned to it.
   * Default: `dns.promises.lookup` with `all: true`.
   */
  resolver?: Resolver;
  /** Device-flow waits. Default: setTimeout. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Default: the system browser. */
  opener?: Opener;
  /** Default: a loopback listener on 127.0.0.1. */
  redirectListener?: RedirectListenerFactory;
  onStatus?: (server: string, status: AuthStatusChange) => void;
  /** client_name in dynamic registrations. */
  clientName?: string;
  /** How long a browser sign-in may take. Default 5 minutes. */
  callbackTimeoutMs?: number;
  lock?: Partial<AuthLockOptions>;
}

export interface AuthCoordinator {
  /** Discovery, client identity, the flow; stores the tokens. Rejects with a CodedError. */
  connect(server: string, config: AuthTarget, options?: ConnectOptions): Promise<AuthStatus>;
  /**
   * The pool seam, asked once per connection: a fetch that adds the server's credentials (only to its
   * own origin), refreshes them shortly before expiry and once on 401, and turns what cannot be fixed
   * into `auth_required`; for a server by host name, every request of the connection goes to the
   * answer its first one was resolved to, recorded for serverReach. Undefined for `auth.type: "none"`
   * at localhost or an IP literal.
   */
  fetchFor(server: string, config: AuthTarget): FetchLike | undefined;
  /**
   * The seam for stdio servers: the current credential to hand to the program (refreshed if due, under
   * the record's locks). Rejects with auth_required (marking needs_auth) when there is none.
   */
  credential(server: string, config: AuthTarget, options?: CredentialOptions): Promise<DeliveredCredential>;
  /**
   * Forgets the server's tokens; with `revoke`, asks the AS to revoke them first (best effort) and
   * forgets the API key kept for it. `config` is lent to the revocation; `forget` names the entry whose
   * locally kept API key to forget, and reaches no server (`config` when absent).
   */
  disconnect(server: string, options?: { revoke?: boolean; config?: AuthTarget; forget?: AuthTarget }): Promise<DisconnectResult>;
  /**
   * A person's approval of a changed authorization server: forgets which issuer the server's configured
   * client secret is pinned to (and the tokens obtained from it), so the next sign-in pins the issuer
   * discovery names. Resolves the issuer forgotten, if any.
   */
  forgetIssuer(server: string): Promise<string | undefined>;
  status(server: string, config?: AuthTarget): Promise<AuthStatus>;
  /**
   * How far the links and URLs a server hands over may lead (reach.ts): as its URL is written for
   * localhost and IP literals; else the farthest address its latest connection was pinned to
   * (server-peers.ts), never its name resolved now; public when it has not connected at this URL.
   */
  serverReach(server: string, serverUrl: string): Promise<Reach>;
  /**
   * A URL a server asks to have opened (a URL-mode elicitation), no closer than the server's `reach`
   * by what its host name resolves to now, through the same resolver (browser-url.ts). Rejects denied,
   * or server_unavailable when the name does not resolve.
   */
  checkUrl(url: string, reach: Reach, by: UrlOpenedBy): Promise<URL>;
  /** Flow events of every server. Returns the unsubscribe function. */
  on(event: 'flow', listener: (event: FlowEvent) => void): () => void;
  /** Cancels running sign-ins. Idempotent. */
  close(): Promise<void>;
}
