import { resolveCoreEnv } from '../../shared/core-env';
import { redact } from '../../shared/redact';
import { parseAuthConfig, type AnyOAuth, type AuthTarget, type FullAuthConfig } from './auth-config';
import { checkedServerUrl } from './browser-url';
import { boundedResolver } from './bounded-resolver';
import { authStatus } from './auth-status';
import { connectOAuth, type ConnectOAuthOptions } from './connect';
import { openCoordinatorContext } from './coordinator-context';
import { flowEmitter, newCoordinatorState, statusReporter, type CoordinatorState } from './coordinator-state';
import type { CoreContext } from './core-context';
import { deliveredCredential } from './delivered-credential';
import { disconnectServer } from './disconnect-server';
import { apiKeyFetch, oauthFetch } from './fetch-for';
import { connectionFetch } from './connection-fetch';
import { namedServerUrl } from './server-peers';
import { defaultSleep } from './flows';
import { forgetPinnedIssuer } from './issuer-pin';
import { createLoopbackListener } from './loopback-listener';
import type { FetchLike } from '../net';
import { systemBrowserOpener } from './openers';
import { signInServer } from './sign-in-server';
import { stepUp } from './step-up';
import { TokenManager } from './token-manager';
import type { TokenRecord } from './token-record';
import type { AuthCoordinator, AuthCoordinatorOptions, FlowEvent } from './types';

type ObtainClientCredentials = (server: string, target: AuthTarget, auth: AnyOAuth) => Promise<TokenRecord>;

/** What a sign-in needs beyond the shared context: the opener, the redirect listener, the waits. */
function connectDepsOf(options: AuthCoordinatorOptions, core: CoreContext, tokens: TokenManager, state: CoordinatorState): ConnectOAuthOptions {
  return {
    core,
    tokens,
    opener: options.opener ?? systemBrowserOpener(core),
    redirectListener: options.redirectListener ?? createLoopbackListener,
    sleep: options.sleep ?? defaultSleep,
    clientName: options.clientName ?? 'Connected Services',
    callbackTimeoutMs: options.callbackTimeoutMs ?? 5 * 60_000,
    challengeOf: (server) => state.challenges.get(server),
  };
}

/** Client credentials need no person (RFC 6749 §4.4): fetchFor and credential obtain tokens themselves. */
function clientCredentialsGrant(connect: ConnectOAuthOptions, emit: (event: FlowEvent) => void): ObtainClientCredentials {
  return async (server, target, auth) => {
    const record = await connectOAuth(connect, { server, target, auth, flow: 'client_credentials', emit: (event) => emit(event) });
    connect.core.remember(server, record);
    connect.core.markConnected(server);
    return record;
  };
}

/**
 * The pool seam, once per connection: a fetch that adds the server's credential (none for
 * `auth.type: "none"`) and, for a server by host name, keeps the connection to its first answer and
 * records it (connection-fetch.ts). Undefined for a server without auth at a literal address.
 */
function serverFetchFor(core: CoreContext, tokens: TokenManager, state: CoordinatorState, obtainClientCredentials: ObtainClientCredentials, server: string, config: AuthTarget): FetchLike | undefined {
  let auth: FullAuthConfig;
  try {
    auth = parseAuthConfig(server, config.auth);
  } catch (error) {
    return () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  const named = namedServerUrl(config.url);
  const connected: CoreContext = named ? { ...core, serverFetch: connectionFetch(core, server, config.url) } : core;
  if (auth.type === 'none') return named ? connected.serverFetch : undefined;
  if (auth.type === 'api_key') return apiKeyFetch(connected, server, config, auth);
  return oauthFetch(
    {
      core: connected,
      tokens,
      obtainClientCredentials,
      noteChallenge: (name, challenge, reach) => state.challenges.set(name, { challenge, reach }),
      stepUp: (name, url, needed) => stepUp(core, tokens, name, url, needed),
    },
    server,
    config,
    auth,
  );
}

/**
 * The steps, in order: state → shared context (guarded fetches, bookkeeping) → token manager →
 * sign-in dependencies → flow events → the methods, each one step in its own file.
 */
export function createAuthCoordinator(options: AuthCoordinatorOptions): AuthCoordinator {
  const given = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  const log = (line: string): void => given.log(redact(line));
  const state = newCoordinatorState();
  const report = statusReporter(options.onStatus, log);
  const context = openCoordinatorContext(options, state, report, { ...given, log });
  const { core } = context;
  const tokens = new TokenManager(core);
  const connect = connectDepsOf(options, core, tokens, state);
  const emit = flowEmitter(state, log);
  const obtainClientCredentials = clientCredentialsGrant(connect, emit);

  return {
    connect: (server, config, connectOptions = {}) => signInServer({ connect, state, emit }, server, config, connectOptions),
    fetchFor: (server, config) => serverFetchFor(core, tokens, state, obtainClientCredentials, server, config),
    credential: (server, config, credentialOptions) => deliveredCredential({ core, tokens, obtainClientCredentials }, server, config, credentialOptions),
    disconnect: (server, disconnectOptions = {}) => disconnectServer({ core, state, report }, server, disconnectOptions),
    forgetIssuer: (server) => forgetPinnedIssuer(core.vault, server),
    status: (server, config) => authStatus(core, state.needs, server, config),
    serverReach: (server, serverUrl) => Promise.resolve(core.peers.reach(server, serverUrl)),
    // A person waits on this lookup (a click, a request shown): bounded.
    checkUrl: (url, reach, by) => checkedServerUrl(url, reach, by, boundedResolver(core.resolver)),
    on(_event, listener) {
      state.listeners.add(listener);
      return () => state.listeners.delete(listener);
    },
    async close() {
      state.closed = true;
      for (const controller of state.running.values()) controller.abort();
      state.running.clear();
      state.listeners.clear();
      await context.close();
    },
  };
}
