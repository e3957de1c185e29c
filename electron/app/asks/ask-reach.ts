import { isStdio, serverEntry } from '../../../shared/config';
import type { AuthCoordinator, Reach, UrlOpenedBy } from '../../auth';
import type { Registry } from '../../registry';

/** Resolves the reach of a server by its name (electron/auth/reach.ts). */
export type ReachOf = (server: string) => Promise<Reach>;

/** What a URL-mode request's URL is held to: its server's reach, and where its host name leads now. */
export interface AskUrlChecks {
  reachOf: ReachOf;
  /** Rejects (denied, server_unavailable) a URL whose host name resolves closer than `reach` (AuthCoordinator.checkUrl). */
  checkUrl: (url: string, reach: Reach, by: UrlOpenedBy) => Promise<unknown>;
}

/**
 * A server's reach for the URLs it asks the person to open: a stdio server runs on this computer
 * (loopback); a URL server's is its configured URL's, its name resolved now; one no longer configured
 * gets the narrowest. Each URL's own host name is looked up through the same resolver.
 */
export function askUrlChecks(registry: Registry, auth: Pick<AuthCoordinator, 'reach' | 'checkUrl'>): AskUrlChecks {
  return {
    reachOf: (server) => {
      const config = serverEntry(registry.config(), server);
      if (config === undefined) return Promise.resolve('public');
      return isStdio(config) ? Promise.resolve('loopback') : auth.reach(config.url);
    },
    checkUrl: (url, reach, by) => auth.checkUrl(url, reach, by),
  };
}
