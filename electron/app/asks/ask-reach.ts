import { isStdio } from '../../../shared/config';
import type { AuthCoordinator, Reach } from '../../auth';
import type { Registry } from '../../registry';

/** Resolves the reach of a server by its name (electron/auth/reach.ts). */
export type ReachOf = (server: string) => Promise<Reach>;

/**
 * A server's reach for the URLs it asks the person to open: a stdio server runs on this computer
 * (loopback); a URL server's is its configured URL's, its name resolved now; one no longer configured
 * gets the narrowest.
 */
export function reachOfServers(registry: Registry, auth: Pick<AuthCoordinator, 'reach'>): ReachOf {
  return (server) => {
    const config = registry.config().mcpServers[server];
    if (config === undefined) return Promise.resolve('public');
    return isStdio(config) ? Promise.resolve('loopback') : auth.reach(config.url);
  };
}
