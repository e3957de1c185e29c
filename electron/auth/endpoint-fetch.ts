import type * as Undici from 'undici';
import type { Agent } from 'undici';
import { CodedError, FIX_IN_ENTRY } from '../../shared/errors';
import { type FetchLike, checkAddress, failureWords, hostAddress, addressReach, isLocalhostName, LOCALHOST_ADDRESSES, retryWhenCut, safeMethod, systemResolver, type Reach, type ResolvedAddress, type Resolver } from '../net';
import { reachRefusal, refuse, validateEndpointUrl } from './url-safety';

/** Host name → the checked answer its requests connect to, instead of resolving it again. */
export type HostPins = ReadonlyMap<string, readonly ResolvedAddress[]>;

/**
 * A request's init with how far its endpoint may be (see reach.ts) and the host names already
 * resolved for this step (server-reach.ts); set by guardedFetch.
 */
export type ReachInit = RequestInit & { reach?: Reach | undefined; pins?: HostPins | undefined };

/** A request that names no reach (none should: guardedFetch always does) is held to the narrowest. */
const UNSTATED_REACH: Reach = 'public';

export { systemResolver, type Resolver, type ResolvedAddress };

/** At most this many pinned connection pools are kept (one per host name and set of checked addresses): every MCP server by name has one. */
const MAX_AGENTS = 64;

export interface EndpointFetchOptions {
  /** Sends the request; gets `dispatcher` in its init when the host was resolved here. */
  fetch: FetchLike;
  resolver?: Resolver | undefined;
  /**
   * `endpoint`: a URL a server or metadata document chose (https, or http to loopback; see
   * validateEndpointUrl). `server`: the MCP server's own URL, as configured: only the address checks.
   */
  policy: 'endpoint' | 'server';
}

export interface EndpointFetch {
  fetch: FetchLike;
  /** The checked addresses a response of `fetch` came from; undefined for an IP literal (or another fetch's response). */
  answeredFrom: (response: Response) => readonly ResolvedAddress[] | undefined;
  /** Closes the pinned connection pools. Idempotent. */
  close(): Promise<void>;
}

function shown(url: URL): string {
  return url.href.length > 120 ? `${url.href.slice(0, 120)}…` : url.href;
}

/**
 * Resolves the URL's host once (a localhost name is its loopback addresses) and checks every address it has (with `loopbackOnly`, each must be
 * loopback too); resolves the addresses that may be connected to, or undefined for an IP literal
 * (nothing to resolve, so nothing to rebind).
 * @throws CodedError denied for a refused address, server_unavailable when the name does not resolve
 */
export async function checkedAddress(url: URL, resolver: Resolver, what: string, loopbackOnly: boolean, reach: Reach): Promise<readonly ResolvedAddress[] | undefined> {
  const literal = hostAddress(url.hostname);
  if (literal !== undefined) {
    const verdict = checkAddress(literal);
    if (verdict.blocked !== undefined) throw refuse(what, url.href, `it points at a link-local or cloud-metadata address: ${verdict.blocked}`);
    return undefined;
  }
  let addresses: readonly ResolvedAddress[];
  try {
    // A localhost name is this computer whatever a resolver says (RFC 6761 §6.3): not asked.
    addresses = isLocalhostName(url.hostname) ? LOCALHOST_ADDRESSES : await resolver(url.hostname, { all: true });
  } catch (error) {
    throw new CodedError('server_unavailable', `Could not resolve ${url.hostname} for ${shown(url)}${failureWords(error).tail}.`, {
      hint: 'Check the host name in the URL, and the network, then try again.',
      data: { ...FIX_IN_ENTRY },
    });
  }
  if (addresses.length === 0) {
    throw new CodedError('server_unavailable', `${url.hostname} has no address (for ${shown(url)}).`, { hint: 'Check the host name, then try again.', data: { ...FIX_IN_ENTRY } });
  }
  // Every address, not just the first: the system may pick any of them.
  for (const { address } of addresses) {
    const verdict = checkAddress(address);
    if (verdict.blocked !== undefined) {
      throw refuse(what, url.href, `${url.hostname} resolves to ${address}, ${verdict.blocked}`);
    }
    if (loopbackOnly && !verdict.loopback) throw refuse(what, url.href, `http: is only used on this computer, and ${url.hostname} resolves to ${address}`);
    const target = addressReach(address);
    const outOfReach = target === undefined ? undefined : reachRefusal(target, reach);
    if (outOfReach !== undefined) throw refuse(what, url.href, `${url.hostname} resolves to ${address}: ${outOfReach}`);
  }
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

type LookupCallback = (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void;

/** A connection's lookup that answers only the checked addresses (never asking the resolver again). */
function pinnedLookup(pinned: readonly ResolvedAddress[]) {
  return (_host: string, lookupOptions: { all?: boolean | undefined }, callback: LookupCallback): void => {
    // All checked addresses, in the resolver's order: Node still tries IPv6 and IPv4 (RFC 8305).
    const first = pinned[0] as ResolvedAddress;
    if (lookupOptions.all) callback(null, pinned.map((a) => ({ ...a })));
    else callback(null, first.address, first.family);
  };
}

let undiciModule: Promise<typeof Undici> | undefined;
/** Loaded on first use: most commands never resolve a host name, and undici takes ~70 ms to load. */
const loadUndici = (): Promise<typeof Undici> => (undiciModule ??= import('undici'));

/**
 * The fetch for every endpoint a server or metadata document controls: the URL is checked, its host
 * name resolved once, every address checked, and the connection made to an address that was checked
 * (an undici Agent whose lookup answers only those addresses): a second lookup an attacker could
 * rebind never happens. TLS SNI, certificate checks and Host stay on the original name. Redirects are never
 * followed.
 */
export function createEndpointFetch(options: EndpointFetchOptions): EndpointFetch {
  const resolver = options.resolver ?? systemResolver;
  const agents = new Map<string, Agent>();
  const answers = new WeakMap<Response, readonly ResolvedAddress[]>();
  // A metadata document or JWKS read on a connection the server just closed as idle is read again;
  // a token, registration or device request (POST) never is: a refresh token may rotate on it.
  const send = options.policy === 'endpoint' ? retryWhenCut(options.fetch, safeMethod) : options.fetch;
  let closed = false;

  /**
   * The connection pool for a host's checked addresses (undefined: an IP literal, nothing to pin).
   * `alone`: each request on a connection of its own, closed after its answer (undici's `pipelining: 0`).
   */
  async function agentFor(hostname: string, pinned: readonly ResolvedAddress[] | undefined, alone: boolean): Promise<Agent> {
    const key = `${alone ? 'alone' : 'kept'} ${hostname} ${pinned?.map((a) => a.address).join(',') ?? ''}`;
    const existing = agents.get(key);
    if (existing) {
      // Most recently used last: the first entry is the one evicted.
      agents.delete(key);
      agents.set(key, existing);
      return existing;
    }
    const { Agent: UndiciAgent } = await loadUndici();
    const agent = new UndiciAgent({ ...(alone ? { pipelining: 0 } : {}), ...(pinned === undefined ? {} : { connect: { lookup: pinnedLookup(pinned) } }) });
    agents.set(key, agent);
    if (agents.size > MAX_AGENTS) {
      const [oldest, evicted] = agents.entries().next().value as [string, Agent];
      agents.delete(oldest);
      void evicted.close().catch(() => undefined);
    }
    return agent;
  }

  const fetch: FetchLike = async (input, withReach) => {
    const { reach = UNSTATED_REACH, pins, ...init } = (withReach ?? {}) as ReachInit;
    const endpoint = options.policy === 'endpoint';
    const url = endpoint ? validateEndpointUrl(String(input), 'the endpoint', reach) : new URL(String(input));
    // A name this step already resolved (the server's, to tell its reach) keeps that answer: a second
    // lookup could answer otherwise (DNS rebinding). It is checked again all the same.
    const known = pins?.get(url.hostname);
    const lookup: Resolver = known === undefined ? resolver : () => Promise.resolve(known);
    // An endpoint's http: was allowed for a loopback name: its addresses must be loopback too; and
    // every address no closer than the MCP server itself.
    const pinned = await checkedAddress(url, lookup, endpoint ? 'the endpoint' : 'the server URL', endpoint && url.protocol === 'http:', endpoint ? reach : 'loopback');
    if (closed) throw new CodedError('internal', 'The auth coordinator is closed.');
    const request: RequestInit = endpoint ? { ...init, redirect: 'manual' } : { ...init };
    // A request not safe to repeat (a token, registration, device or revocation POST) never goes on a
    // kept-alive connection the server may be closing as idle just then: cut, no one could tell whether
    // it was done, and a refresh token may have rotated (RFC 9112 §9.3.1). Such requests are few (one
    // per sign-in or renewal); a connection of their own is the price.
    const alone = endpoint && !safeMethod(init);
    if (pinned === undefined && !alone) return send(input, request);
    const dispatcher = await agentFor(url.hostname, pinned, alone);
    // `dispatcher` is undici's extension of RequestInit (Node's fetch is undici).
    const response = await send(input, { ...request, dispatcher } as RequestInit);
    if (pinned !== undefined) answers.set(response, pinned);
    return response;
  };

  return {
    fetch,
    answeredFrom: (response) => answers.get(response),
    async close() {
      closed = true;
      const all = [...agents.values()];
      agents.clear();
      await Promise.all(all.map((agent) => agent.destroy().catch(() => undefined)));
    },
  };
}
