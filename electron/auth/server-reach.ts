import { CodedError } from '../../shared/errors';
import { checkedAddress, type Resolver } from './endpoint-fetch';
import { addressReach, farthest, literalReach, type Reach } from './reach';

/**
 * The reach of the MCP server as configured (reach.ts): for a host name, the class of what it
 * resolves to now, through the resolver that pins every request. Every answer counts and the farthest
 * wins: a name with public addresses is public even when it also has private or loopback ones (a
 * server that controls its DNS cannot widen its own reach by adding one), and only a name whose every
 * address is on this computer is loopback. Asked once per sign-in, refresh or revocation, never kept.
 * @throws CodedError server_unavailable when the name does not resolve (no guess is made), denied
 *   when it resolves to a link-local or metadata address
 */
export async function serverReach(serverUrl: string, resolver: Resolver): Promise<Reach> {
  const known = literalReach(serverUrl);
  if (known !== undefined) return known;
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
  return farthest((addresses ?? []).map(({ address }) => addressReach(address) ?? 'public'));
}
