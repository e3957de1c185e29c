import { CodedError, errorMessage } from '../../shared/errors';
import { failureWords, readBoundedBody, type FailureWords, type FetchLike } from '../net';
import { checkEntry, MAX_ENTRY_BYTES, type CheckedEntry } from './entry-check';
import { PAGE_TIMEOUT_MS } from './page-fetch';
import { registryFix } from './registry-fix';

function fixHint(why: FailureWords): { hint?: string } {
  const fix = registryFix(why);
  return fix === undefined ? {} : { hint: `${fix}.` };
}

/**
 * `GET {base}/v0.1/servers/{serverName}/versions/{version}` (openapi.yaml; `latest` for the latest):
 * one entry, checked as a synced one is. Undefined when the registry has no such server or version.
 */
export async function fetchServerVersion(fetch: FetchLike, base: string, name: string, version: string, timeoutMs = PAGE_TIMEOUT_MS): Promise<CheckedEntry | undefined> {
  const url = `${base}/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`;
  let response: Response;
  // One limit for the registry, not per try: the retry and the body share it, so a person waits at
  // most `timeoutMs` per registry (all asked at once). The retry is for a kept-alive connection the
  // registry closed as it was reused, which fails at once and leaves the retry nearly all of it.
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const init: RequestInit = { headers: { accept: 'application/json' }, redirect: 'error', signal };
    // Once more on a network failure, as a page is (page-fetch.ts); not once the limit is spent.
    response = await fetch(url, init).catch((error: unknown) => {
      if (signal.aborted) throw error;
      return fetch(url, init);
    });
  } catch (error) {
    const why = failureWords(error);
    throw new CodedError('server_unavailable', `Could not reach the registry at ${base}${why.tail}.`, fixHint(why));
  }
  if (response.status === 404) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new CodedError('server_unavailable', `The registry at ${base} answered HTTP ${response.status} for ${name}@${version}.`);
  }
  const json = await entryJson(response, base, `${name}@${version}`, signal, timeoutMs);
  const verdict = checkEntry(json);
  if ('skip' in verdict) {
    const what = verdict.skip === 'hostile' ? 'carries hidden characters or is oversized' : `does not follow the server.json schema${'problem' in verdict && verdict.problem !== undefined ? ` (${verdict.problem})` : ''}`;
    throw new CodedError('invalid_input', `The registry's entry for ${name}@${version} ${what}; it is not installed.`, {
      hint: 'Ask its publisher to fix the entry, or add the server by hand with `connected-services servers add`.',
    });
  }
  // A mirror's or cache's mix-up must not install another server than the one the person named.
  const answered = verdict.ok.server;
  if (answered.name !== name || (version !== 'latest' && answered.version !== version)) {
    throw new CodedError('invalid_input', `The registry at ${base} answered ${answered.name}@${answered.version} when asked for ${name}@${version}; it is not installed.`);
  }
  return verdict.ok;
}

/**
 * The entry's body as JSON, each failure said as what it is: a registry that sends its answer ever
 * so slowly is cut at the time limit, not reported as a broken or oversized entry.
 */
async function entryJson(response: Response, base: string, asked: string, signal: AbortSignal, timeoutMs: number): Promise<unknown> {
  const max = MAX_ENTRY_BYTES * 2;
  let body: { bytes: Buffer; over: boolean };
  try {
    body = await readBoundedBody(response, max, signal);
  } catch (error) {
    if (signal.aborted) throw new CodedError('timeout', `The registry at ${base} sent no complete entry for ${asked} within ${timeoutMs / 1000} s.`, { hint: 'Try again later.' });
    throw new CodedError('server_unavailable', `The registry at ${base} sent an entry for ${asked} that was cut off before its end (${errorMessage(error)}).`);
  }
  if (body.over) throw new CodedError('server_unavailable', `The registry at ${base} sent an entry for ${asked} over ${max} bytes; it is not installed.`);
  try {
    return JSON.parse(body.bytes.toString('utf8'));
  } catch {
    throw new CodedError('server_unavailable', `The registry at ${base} sent an entry for ${asked} that is not JSON.`);
  }
}
