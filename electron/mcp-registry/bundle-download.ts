import { createHash, timingSafeEqual } from 'node:crypto';
import { CodedError, errorMessage } from '../../shared/errors';
import { readBoundedBody, type FetchLike, type Reach, type Resolver } from '../net';
import { checkEntryAddress, checkResolvedEntryAddress } from './entry-address';

/** An MCP bundle is at most this large to download (bundles with a runtime inside run to tens of MiB). */
export const MAX_BUNDLE_BYTES = 200 * 1024 * 1024;
export const BUNDLE_TIMEOUT_MS = 5 * 60_000;
const MAX_REDIRECTS = 5;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A bundle's download address, or why it is refused: https, or http to this computer only (a
 * registry under test), with no user or password in it; the same rule as a registry's own address
 * (shared/config/registry-url.ts).
 */
export function checkBundleUrl(raw: string, reach: Reach): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CodedError('invalid_input', `The bundle address ${JSON.stringify(raw.slice(0, 200))} is not a URL; it is not downloaded.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new CodedError('invalid_input', `The bundle address ${url.origin} must use https (http only to this computer); it is not downloaded.`);
  }
  if (url.username !== '' || url.password !== '') throw new CodedError('invalid_input', 'The bundle address carries a user or password; it is not downloaded.');
  checkEntryAddress(url.href, 'bundle address', reach);
  return url;
}

async function boundedBytes(response: Response, max: number, signal: AbortSignal): Promise<Buffer> {
  const body = await readBoundedBody(response, max, signal);
  if (body.over) throw new CodedError('invalid_input', `The bundle is larger than ${max / (1024 * 1024)} MiB; it was refused.`);
  return body.bytes;
}

/**
 * The bundle's bytes, downloaded with every redirect's address checked again (its host name's
 * addresses too, by `resolver`: entry-address.ts), its size bounded, and
 * its SHA-256 compared with the registry's `fileSha256` before anything reads it (the registry's
 * server.json: clients must verify it). A mismatch is refused.
 */
export async function downloadBundle(fetch: FetchLike, raw: string, sha256: string, reach: Reach, max = MAX_BUNDLE_BYTES, resolver?: Resolver): Promise<Buffer> {
  let url = checkBundleUrl(raw, reach);
  await checkResolvedEntryAddress(url.href, 'bundle address', reach, resolver);
  const signal = AbortSignal.timeout(BUNDLE_TIMEOUT_MS);
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal });
    } catch (error) {
      throw new CodedError('server_unavailable', `Could not download the bundle from ${url.origin}: ${errorMessage(error)}`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new CodedError('server_unavailable', `The bundle's address redirected more than ${MAX_REDIRECTS} times; it is not downloaded.`);
      // The download's host writes Location: one that is no URL (`http://[`) is its fault, not ours.
      const next = URL.parse(location, url);
      if (next === null) throw new CodedError('server_unavailable', `The bundle's address ${url.origin} redirected to an address that is no URL; it is not downloaded.`);
      url = checkBundleUrl(next.href, reach);
      await checkResolvedEntryAddress(url.href, 'bundle address', reach, resolver);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new CodedError('server_unavailable', `The bundle's address ${url.origin} answered HTTP ${response.status}.`);
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > max) {
      await response.body?.cancel().catch(() => undefined);
      throw new CodedError('invalid_input', `The bundle is larger than ${max / (1024 * 1024)} MiB; it was refused.`);
    }
    const bytes = await boundedBytes(response, max, signal);
    const actual = createHash('sha256').update(bytes).digest();
    const expected = Buffer.from(sha256, 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(actual, expected)) {
      throw new CodedError('invalid_input', `The downloaded bundle's SHA-256 is not the ${sha256} the registry gives; it was refused and nothing was unpacked.`, {
        hint: 'The file changed after it was published, or someone altered it on the way. Ask the publisher, or pick another package.',
      });
    }
    return bytes;
  }
}
