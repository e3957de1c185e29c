import { CodedError, errorMessage } from '../../shared/errors';
import type { FetchLike } from '../net';
import { validateEndpointUrl } from './url-safety';


/** Metadata and registration answers are small; anything bigger is refused. */
const MAX_BODY_BYTES = 256 * 1024;
export const REQUEST_TIMEOUT_MS = 15_000;

export function withTimeout(signal: AbortSignal | undefined, ms = REQUEST_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * A fetch for the authorization server and metadata, over `base` (the coordinator's endpoint fetch,
 * which also resolves and pins addresses): every URL is checked (https, or http to loopback; never
 * link-local or metadata services), redirects are never followed, and `signal` ends every request.
 */
export function guardedFetch(base: FetchLike, signal?: AbortSignal): FetchLike {
  return (url, init) => {
    validateEndpointUrl(String(url), 'the endpoint');
    const signals = [init?.signal, signal].filter((s): s is AbortSignal => s !== undefined && s !== null);
    const merged = signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
    return base(url, { ...init, redirect: 'manual', ...(merged ? { signal: merged } : {}) });
  };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, or undefined when it was not JSON. */
  json: unknown;
}

/** Requests a JSON document with a timeout and a size bound. Network failures become server_unavailable. */
export async function requestJson(fetch: FetchLike, url: string, init: RequestInit, what: string): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: withTimeout(init.signal ?? undefined) });
  } catch (error) {
    if (error instanceof CodedError) throw error;
    throw new CodedError('server_unavailable', `Could not reach ${what} at ${url}: ${errorMessage(error)}`, {
      hint: 'Check the network and that the server is running, then try again.',
    });
  }
  const buffer = await response.arrayBuffer().catch(() => new ArrayBuffer(0));
  let json: unknown;
  if (buffer.byteLength > 0 && buffer.byteLength <= MAX_BODY_BYTES) {
    try {
      json = JSON.parse(new TextDecoder().decode(buffer));
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, json };
}
