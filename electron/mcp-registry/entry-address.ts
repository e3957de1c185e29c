import { CodedError } from '../../shared/errors';
import { addressReach, checkAddress, hostAddress, hostRefusal, isLocalhostName, literalReach, systemResolver, within, type Reach, type Resolver } from '../net';

/**
 * How close to this computer the addresses a registry's entries name may be: no closer than the
 * registry itself. An open registry's publisher could otherwise make us send requests to a local
 * service, the LAN or a cloud metadata address, and hand its answers to agents; a registry on this
 * computer (one under test, the person's own) may name servers there. A registry known by name counts as public.
 */
export function registryReach(base: string): Reach {
  return literalReach(base) ?? 'public';
}

/** Why an address of class `target` is out of the registry's `reach`, or undefined. */
function reachRefusal(target: Reach | undefined, reach: Reach): string | undefined {
  if (target === undefined || within(reach, target)) return undefined;
  return target === 'loopback' ? 'it points at this computer' : 'it points at a private network';
}

/** Why `url` (a remote, a bundle's download) may not be reached from an entry of a registry at `reach`. */
function addressRefusal(url: URL, reach: Reach): string | undefined {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const refused = hostRefusal(host);
  if (refused !== undefined) return `it points at a link-local or cloud-metadata address (${refused})`;
  const address = hostAddress(host);
  return reachRefusal(isLocalhostName(host) ? 'loopback' : address === undefined ? undefined : addressReach(address), reach);
}

function refusal(url: URL, what: string, why: string): CodedError {
  return new CodedError('denied', `The ${what} ${url.origin} is refused: ${why}, and an entry of a registry on the internet must name an address on the internet.`, {
    hint: 'Pick another package or remote of the entry, or ask its publisher; to use a server on this computer or your network on purpose, add it yourself with `connected-services servers add`.',
    data: { reason: why },
  });
}

/**
 * A registry entry's address, held to the registry's reach (its literal host: a name that resolves
 * to a local address is not looked up here).
 * @throws CodedError denied
 */
export function checkEntryAddress(raw: string, what: string, reach: Reach): void {
  const url = URL.parse(raw);
  if (!url) throw new CodedError('invalid_input', `The ${what} ${JSON.stringify(raw.slice(0, 200))} is not a URL; it is not installed.`);
  const why = addressRefusal(url, reach);
  if (why !== undefined) throw refusal(url, what, why);
}

/**
 * checkEntryAddress, then every address its host name resolves to now, by the system's answer (its
 * hosts file too: `ip6-localhost`, `ip6-loopback`, this machine's own name are this computer however
 * they are spelled), no closer than the registry and none link-local or a metadata address. A
 * registry on this computer may name anything on it: nothing is looked up. A name that does not
 * resolve has no address to judge (nothing can connect to it either); one rebound later is not caught here.
 * @throws CodedError denied
 */
export async function checkResolvedEntryAddress(raw: string, what: string, reach: Reach, resolver: Resolver = systemResolver): Promise<void> {
  checkEntryAddress(raw, what, reach);
  const url = new URL(raw);
  if (reach === 'loopback' || hostAddress(url.hostname) !== undefined || isLocalhostName(url.hostname)) return;
  const addresses = await resolver(url.hostname, { all: true }).catch(() => []);
  for (const { address } of addresses) {
    const blocked = checkAddress(address).blocked;
    const why = blocked !== undefined ? `it points at a link-local or cloud-metadata address (${blocked})` : reachRefusal(addressReach(address), reach);
    if (why !== undefined) throw refusal(url, what, `${url.hostname} resolves to ${address}: ${why}`);
  }
}
