import type { FetchLike } from '../net';
import type { CoreContext } from './core-context';
import { checkedAddress, type HostPins, type ReachInit } from './endpoint-fetch';

/**
 * The fetch of one pool connection to the MCP server at `serverUrl` (the pool asks fetchFor once per
 * connection): the server's host name is resolved at the connection's first request, and every
 * request of the connection goes to that checked answer, never to a later one. Once the server has
 * answered through it, the answer is recorded as where the server is (server-peers.ts): what its
 * DNS says after connecting changes neither where the connection goes nor how near its links may
 * lead. Requests to other hosts go out unguarded, as the caller sent them.
 */
export function connectionFetch(core: CoreContext, server: string, serverUrl: string): FetchLike {
  const host = URL.parse(serverUrl)?.hostname;
  let pinned: Promise<HostPins> | undefined;
  const pinsOf = (url: URL): Promise<HostPins> =>
    (pinned ??= checkedAddress(url, core.resolver, 'the server URL', false, 'loopback').then(
      (answer) => new Map(answer === undefined ? [] : [[url.hostname, answer]]),
      (error: unknown) => {
        // Not resolved: the next request asks again (the connection fails meanwhile).
        pinned = undefined;
        throw error;
      },
    ));
  return async (input, init) => {
    const url = new URL(String(input));
    if (host === undefined || url.hostname !== host) return core.fetch(input, init);
    const pins = await pinsOf(url);
    const response = await core.serverFetch(input, { ...init, pins } as ReachInit);
    const answer = pins.get(url.hostname);
    // Only an answer the server spoke through counts: a refused connection or an error page proves nothing.
    if (answer !== undefined && response.ok) core.peers.note(server, serverUrl, answer);
    return response;
  };
}
