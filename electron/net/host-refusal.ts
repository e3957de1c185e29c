import { checkAddress, hostAddress } from './ip-address';

/**
 * Hostnames of cloud instance-metadata services. We never send a request there on the word of a
 * document (AS metadata, a registry entry): its answers hold the machine's cloud credentials.
 */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
]);

/**
 * Why a URL host must not be contacted: a metadata-service name, or an IP literal that is unspecified,
 * link-local or a cloud metadata address in any of its forms (see ip-address.ts). Undefined when fine;
 * host names are checked again once resolved (auth/endpoint-fetch.ts).
 */
export function hostRefusal(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return 'it names a cloud metadata service';
  const address = hostAddress(host);
  return address === undefined ? undefined : checkAddress(address).blocked;
}
