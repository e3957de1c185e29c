import { isStdio, serverEntry } from '../../../shared/config';
import type { AuthCoordinator, Reach, UrlOpenedBy } from '../../auth';
import type { Registry } from '../../registry';

/** The reach of a server by its name (electron/net/reach.ts). */
export type ReachOf = (server: string) => Promise<Reach>;

/** What a URL-mode request's URL is held to: its server's reach, and where its host name leads now. */
export interface AskUrlChecks {
  reachOf: ReachOf;
  /** The URL as checked and normalized; rejects (denied, server_unavailable) one whose host name resolves closer than `reach` (AuthCoordinator.checkUrl). */
  checkUrl: (url: string, reach: Reach, by: UrlOpenedBy) => Promise<URL>;
}

/**
 * A server's reach for the URLs and links it hands over: a stdio server runs on this computer
 * (loopback); a URL server's is where the pool's connection to it was made (AuthCoordinator.serverReach),
 * never its name resolved at the click; one no longer configured, or never connected, gets the
 * narrowest. Each URL's own host name is looked up through the coordinator's resolver.
 */
export function askUrlChecks(registry: Registry, auth: Pick<AuthCoordinator, 'serverReach' | 'checkUrl'>): AskUrlChecks {
  return {
    reachOf: (server) => {
      const config = serverEntry(registry.config(), server);
      if (config === undefined) return Promise.resolve('public');
      return isStdio(config) ? Promise.resolve('loopback') : auth.serverReach(server, config.url);
    },
    checkUrl: (url, reach, by) => auth.checkUrl(url, reach, by),
  };
}
