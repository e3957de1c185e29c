import { CodedError } from '../../shared/errors';
import { checkedAddress, type HostPins, type Resolver } from './endpoint-fetch';
import { addressReach, farthest, literalReach, type Reach } from '../net';

/** A server's reach and the answer it was told from, which the requests that follow connect to. */
export interface ServerReach {
  reach: Reach;
  /** The checked addresses of the server's host name (none for localhost, IP literals and stdio). */
  pins: HostPins;
}

/**
 * The reach of the MCP server as configured (reach.ts): for a host name, the class of what it
 * resolves to now, through the resolver that pins every request. Every answer counts and the farthest
 * wins: a name with public addresses is public even when it also has private or loopback ones (a
 * server that controls its DNS cannot widen its own reach by adding one), and only a name whose every
 * address is on this computer is loopback. Asked once per sign-in, refresh or revocation, never kept;
 * the requests of that step to the same host name connect to these addresses, never to a second
 * answer (a name that answers 127.0.0.1 to this check and its own address to the next lookup would
 * otherwise serve the 401 naming loopback endpoints itself).
 * @throws CodedError server_unavailable when the name does not resolve (no guess is made), denied
 *   when it resolves to a link-local or metadata address
 */
export async function pinnedServerReach(serverUrl: string, resolver: Resolver): Promise<ServerReach> {
  const known = literalReach(serverUrl);
  if (known !== undefined) return { reach: known, pins: new Map() };
  const url = new URL(serverUrl);
  let addresses;
  try {
    addresses = await checkedAddress(url, resolver, 'the server URL', false, 'loopback');
  } catch (error) {
    if (!(error instanceof CodedError) || error.code !== 'server_unavailable') throw error;
    // Without its addresses, which endpoints the server may name cannot be told: nothing is sent.
    throw new CodedError(error.code, `${error.message} Its sign-in endpoints are checked against the addresses of ${url.hostname}, so nothing was sent.`, {
      ...(error.hint !== undefined ? { hint: error.hint } : {}),
      data: { host: url.hostname },
    });
  }
  const answer = addresses ?? [];
  return {
    reach: farthest(answer.map(({ address }) => addressReach(address) ?? 'public')),
    pins: new Map(answer.length === 0 ? [] : [[url.hostname, answer]]),
  };
}

/** The reach alone (pinnedServerReach). */
export async function serverReach(serverUrl: string, resolver: Resolver): Promise<Reach> {
  return (await pinnedServerReach(serverUrl, resolver)).reach;
}
