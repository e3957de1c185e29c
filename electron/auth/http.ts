import { CodedError, errorMessage } from '../../shared/errors';
import { cappedResponse, deadline, networkFailure, readBoundedBody, type FetchLike, type Reach } from '../net';
import type { HostPins, ReachInit } from './endpoint-fetch';
import { validateEndpointUrl } from './url-safety';

/**
 * Every answer of an authorization server or metadata document is read up to this many bytes, and
 * the stream cancelled past it: metadata, registrations, token, device, revocation and userinfo
 * answers are a few KiB (a token response with a large ID Token tens of KiB).
 */
export const MAX_AUTH_BODY_BYTES = 256 * 1024;
/** From the request to the last byte of its answer. */
export const REQUEST_TIMEOUT_MS = 15_000;

export interface RequestLimits {
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
  /** How far endpoints may be: the MCP server's own reach (server-reach.ts); required, so no caller forgets it. */
  reach: Reach;
  /** The host names resolved to tell that reach, and their answers: requests to them connect there. */
  pins?: HostPins | undefined;
}

function shown(url: string): string {
  return url.length > 120 ? `${url.slice(0, 120)}…` : url;
}

export function tooLarge(url: string, max: number): CodedError {
  return new CodedError('server_unavailable', `The answer from ${shown(url)} is larger than ${Math.round(max / 1024)} KiB, more than any sign-in needs; it was not read.`, {
    hint: 'The server or its authorization server misbehaves; contact its operator.',
    data: { maxBytes: max },
  });
}

/**
 * Answers cut at the size bound. oauth4webapi reads an error answer's body in a try/catch of its own
 * and throws "unexpected HTTP status code" with the answer, so the bound is found again from it.
 */
const cut = new WeakMap<Response, CodedError>();

function cutOff(response: Response, error: CodedError): CodedError {
  cut.set(response, error);
  return error;
}

/** The size-bound error of an answer read through a guardedFetch, if its body was cut. */
export function cutOffError(response: unknown): CodedError | undefined {
  return response instanceof Response ? cut.get(response) : undefined;
}

export function timedOut(url: string, ms: number): CodedError {
  return new CodedError('timeout', `No complete answer from ${shown(url)} within ${ms / 1000} s.`, {
    hint: 'Check the network and that the server is running, then try again.',
    data: { timeoutMs: ms },
  });
}

/**
 * A fetch for the authorization server and metadata, over `base` (the coordinator's endpoint fetch,
 * which also resolves and pins addresses): every URL is checked (https, or http to loopback; never
 * link-local or metadata services), redirects are never followed, `signal` ends every request, each
 * request ends after `timeoutMs` (answer included) and its body errors past `maxBytes`, whoever reads
 * it (openid-client reads whole bodies).
 */
export function guardedFetch(base: FetchLike, signal: AbortSignal | undefined, limits: RequestLimits): FetchLike {
  const timeoutMs = limits.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const maxBytes = limits.maxBytes ?? MAX_AUTH_BODY_BYTES;
  return async (input, init) => {
    const url = String(input);
    const { reach, pins } = limits;
    validateEndpointUrl(url, 'the endpoint', reach);
    const limit = deadline(timeoutMs, [init?.signal, signal], () => timedOut(url, timeoutMs));
    try {
      const request: ReachInit = { ...init, redirect: 'manual', signal: limit.signal, reach, pins };
      const response = await base(input, request);
      // The timer runs on until the body is read (or given up): a trickled answer times out too.
      const capped: Response = cappedResponse(response, maxBytes, () => cutOff(capped, tooLarge(url, maxBytes)), () => limit.clear(), limit.signal);
      return capped;
    } catch (error) {
      limit.clear();
      throw limit.signal.reason instanceof CodedError && limit.signal.aborted ? limit.signal.reason : error;
    }
  };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  /** The parsed body, or undefined when it was not JSON. */
  json: unknown;
}

/**
 * Requests a JSON document (through a guardedFetch: its timeout and size bound). Network failures
 * become server_unavailable; a body past the bound, or a timeout, is refused with its own error.
 */
export async function requestJson(fetch: FetchLike, url: string, init: RequestInit, what: string): Promise<JsonAnswer> {
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(url, init);
    const body = await readBoundedBody(response, MAX_AUTH_BODY_BYTES);
    if (body.over) throw tooLarge(url, MAX_AUTH_BODY_BYTES);
    bytes = body.bytes;
  } catch (error) {
    if (error instanceof CodedError) throw error;
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof CodedError) throw cause;
    const network = networkFailure(error);
    const why = network === undefined ? `: ${errorMessage(error)}` : ` (${network.code}): ${network.meaning}`;
    throw new CodedError('server_unavailable', `Could not reach ${what} at ${url}${why}`, {
      hint: 'Check the network and that the server is running, then try again.',
    });
  }
  let json: unknown;
  if (bytes.byteLength > 0) {
    try {
      json = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, headers: response.headers, json };
}
