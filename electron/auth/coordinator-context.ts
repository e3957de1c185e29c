import type { CoreEnv } from '../../shared/core-env';
import { toCodedError } from '../../shared/errors';
import { redactor as processRedactor } from '../../shared/redact';
import { resolveReferences } from '../../shared/vault';
import { KeyedQueue } from '../fs-safe';
import { secretLookup } from '../vault';
import { type FetchLike, addressReach, farthest } from '../net';
import type { CoreContext } from './core-context';
import type { CoordinatorState, StatusReporter } from './coordinator-state';
import { createEndpointFetch, systemResolver } from './endpoint-fetch';
import { pinnedServerReach } from './server-reach';
import { ServerPeers } from './server-peers';
import { DEFAULT_AUTH_LOCK } from './file-lock';
import type { AuthCoordinatorOptions } from './types';

/** The context every step shares, and the close of the guarded fetches it opened. */
export interface OpenedContext {
  core: CoreContext;
  close: () => Promise<void>;
}

/**
 * Builds the shared context from the options: the guarded fetches (endpoints a server or metadata named,
 * and the server's own URL), secret resolution, and the needs_auth / connected bookkeeping.
 */
export function openCoordinatorContext(
  options: AuthCoordinatorOptions,
  state: CoordinatorState,
  report: StatusReporter,
  coreEnv: CoreEnv,
): OpenedContext {
  const baseFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const endpoints = createEndpointFetch({ fetch: baseFetch, resolver: options.resolver, policy: 'endpoint' });
  const servers = createEndpointFetch({ fetch: baseFetch, resolver: options.resolver, policy: 'server' });
  const core: CoreContext = {
    ...coreEnv,
    vault: options.vault,
    fetch: baseFetch,
    endpointFetch: endpoints.fetch,
    serverFetch: servers.fetch,
    answerReach: (response) => {
      const addresses = servers.answeredFrom(response);
      return addresses === undefined ? undefined : farthest(addresses.map(({ address }) => addressReach(address) ?? 'public'));
    },
    resolver: options.resolver ?? systemResolver,
    reachOf: (serverUrl) => pinnedServerReach(serverUrl, options.resolver ?? systemResolver),
    peers: new ServerPeers(),
    lock: { ...DEFAULT_AUTH_LOCK, ...options.lock },
    mutex: new KeyedQueue(),
    resolveSecret: (server, value) =>
      resolveReferences(value, {
        secret: secretLookup(options.vault, server),
        ...(options.secretStore ? { store: options.secretStore(server) } : {}),
        env: coreEnv.env,
        ...(options.keptVariables ? { kept: options.keptVariables() } : {}),
        redactor: processRedactor,
      }).catch((error: unknown) => {
        throw toCodedError(error);
      }),
    markNeedsAuth: (server, error, scopes) => {
      const previous = state.needs.get(server);
      const same = previous && previous.error.message === error.message && (previous.scopes ?? []).join(' ') === (scopes ?? []).join(' ');
      state.needs.set(server, { error, ...(scopes ? { scopes } : {}) });
      if (!same) report(server, { state: 'needs_auth', error: error.toWire(), ...(scopes ? { scopes } : {}) });
    },
    markConnected: (server) => {
      state.needs.delete(server);
      report(server, { state: 'connected' });
    },
    remember: (server, record) => {
      // Tokens are secrets: whatever string they show up in later is redacted. Both are one hand-out of the sign-in.
      processRedactor.addSecret(record.accessToken, { from: 'sign-in', server }, record.refreshToken === undefined ? [] : [record.refreshToken]);
    },
  };
  return { core, close: async () => void (await Promise.all([endpoints.close(), servers.close()])) };
}
