import { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import { parseAuthConfig, type AuthTarget } from './auth-config';
import { namedServerUrl, ServerPeers } from './server-peers';
import type { AuthCoordinator, AuthCoordinatorOptions, FlowEvent } from './types';

/** The module that holds the coordinator; a parameter so a test can watch when it loads. */
export type LoadCoordinator = () => Promise<{ createAuthCoordinator: (options: AuthCoordinatorOptions) => AuthCoordinator }>;

const loadCoordinator: LoadCoordinator = () => import('./coordinator');

/**
 * The coordinator (sign-in flows, discovery, token refresh: a sixth of the CLI's start-up code)
 * loaded at its first use, not before `serve` answers health (docs/how-it-is-built.md). It behaves as the
 * coordinator itself: `fetchFor` answers at once (no fetch for `auth.type: "none"` at a literal address), flow listeners
 * added before the load hear every event, and once closed it stays closed.
 */
export function lazyAuthCoordinator(options: AuthCoordinatorOptions, load: LoadCoordinator = loadCoordinator): AuthCoordinator {
  const listeners = new Set<(event: FlowEvent) => void>();
  let closed = false;
  let loading: Promise<AuthCoordinator> | undefined;

  const coordinator = (): Promise<AuthCoordinator> => {
    loading ??= load().then(async ({ createAuthCoordinator }) => {
      const real = createAuthCoordinator(options);
      real.on('flow', (event) => {
        for (const listener of listeners) listener(event);
      });
      if (closed) await real.close();
      return real;
    });
    return loading;
  };

  const fetchFor = (server: string, config: AuthTarget): FetchLike | undefined => {
    try {
      if (parseAuthConfig(server, config.auth).type === 'none' && !namedServerUrl(config.url)) return undefined;
    } catch {
      // The coordinator's own fetch rejects with the same error on every request.
    }
    let serverFetch: Promise<FetchLike | undefined> | undefined;
    return async (url, init) => {
      serverFetch ??= coordinator().then((real) => real.fetchFor(server, config));
      const fetchOf = await serverFetch;
      if (fetchOf === undefined) throw new CodedError('internal', `"${server}" was given no credentials for this request.`, { hint: 'Restart Connected Services.' });
      return fetchOf(url, init);
    };
  };

  return {
    connect: async (server, config, connectOptions) => (await coordinator()).connect(server, config, connectOptions),
    fetchFor,
    credential: async (server, config, credentialOptions) => (await coordinator()).credential(server, config, credentialOptions),
    disconnect: async (server, disconnectOptions) => (await coordinator()).disconnect(server, disconnectOptions),
    forgetIssuer: async (server) => (await coordinator()).forgetIssuer(server),
    status: async (server, config) => (await coordinator()).status(server, config),
    // Not loaded: no connection was made through it, so none is known (server-peers.ts).
    serverReach: async (server, serverUrl) => (loading ? (await loading).serverReach(server, serverUrl) : new ServerPeers().reach(server, serverUrl)),
    checkUrl: async (url, reach, by) => (await coordinator()).checkUrl(url, reach, by),
    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      listeners.clear();
      if (loading) await (await loading).close();
    },
  };
}
