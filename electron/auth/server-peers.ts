import { addressReach, farthest, literalReach, type Reach } from '../net';
import type { ResolvedAddress } from './endpoint-fetch';

/** What a server's latest connection was made to: its host name then, and the checked answer it is pinned to. */
interface Peer {
  host: string;
  addresses: readonly ResolvedAddress[];
}

/** The host name of a URL, compared as written: a reference elsewhere in the URL (a `${secret:…}` in its query) leaves it the same. */
function hostOf(url: string): string | undefined {
  return URL.parse(url)?.hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * Whether a server's connections are pinned to an answer of their own (connection-fetch.ts): a URL
 * with a host name. `localhost`, its names and IP literals tell their reach as written.
 */
export function namedServerUrl(serverUrl: string): boolean {
  return literalReach(serverUrl) === undefined;
}

/**
 * The addresses each server by name is connected at, as its connections recorded them
 * (connection-fetch.ts): the reach of the links and URLs a server hands over is told from these,
 * never from what its name resolves to when one is clicked (a server that controls its DNS would
 * answer 127.0.0.1 then). The latest connection's answer stands while it is held, and after it
 * closed; before any connection, or after the server's host name changed, the server is judged remote.
 */
export class ServerPeers {
  readonly #peers = new Map<string, Peer>();

  /** The connection of `server` to `url` was answered through `addresses`. */
  note(server: string, url: string, addresses: readonly ResolvedAddress[]): void {
    const host = hostOf(url);
    if (host === undefined) return;
    this.#peers.set(server, { host, addresses: addresses.map(({ address, family }) => ({ address, family })) });
  }

  /** The reach of `server` at `url` (as configured): as written for a literal host, else its connection's farthest address, else public. */
  reach(server: string, url: string): Reach {
    const written = literalReach(url);
    if (written !== undefined) return written;
    const peer = this.#peers.get(server);
    if (peer === undefined || peer.host !== hostOf(url)) return 'public';
    return farthest(peer.addresses.map(({ address }) => addressReach(address) ?? 'public'));
  }
}
