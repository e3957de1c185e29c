import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import type { FetchLike } from '../net';
import { RPC_ERROR } from './rpc-codes';
import { tooDeepListing, tooDeepMessage } from './listing-depth';
import { endedUnanswered, notAnEventStream } from './not-event-stream';
import { SseLines } from './sse-lines';
import type { JSONRPCErrorResponse } from '@modelcontextprotocol/client';

/**
 * A server sent one message past the bound (`maxMessageBytes`, the same as stdio's per line): the
 * server's fault, as stdio's over-long line is, though only that answer is refused (oversizedAnswer).
 */
export function messageTooLarge(server: string, limit: number): CodedError {
  const mib = Math.round((limit / (1024 * 1024)) * 10) / 10;
  return new CodedError('server_unavailable', `"${server}" sent a message over ${mib} MiB; it was not read (one message from a server may hold at most ${mib} MiB, counted unpacked)`, {
    hint: `the server's answer is too large: ask it for less (a narrower query, a smaller page), or check the server`,
    data: { limitBytes: limit },
  });
}

/** Whether a call's error is an answer refused for its size: the session that carried it is still sound. */
export function oversizedAnswer(error: CodedError): boolean {
  return typeof error.data?.['limitBytes'] === 'number';
}

/**
 * Counts the bytes of an SSE stream per event (WHATWG HTML §9.2.6: an event ends at a blank line), so
 * a long-lived stream is bounded per message, not for its total. Lines end where the SDK's parser
 * ends them (sse-lines.ts): in CRLF, LF or a lone CR.
 */
export class SseEventCounter {
  readonly #lines = new SseLines();
  #event = 0;
  #line = 0;

  /** Adds a chunk; false once an event is past `limit`. Only scans for line ends (no copy of the chunk). */
  add(chunk: Uint8Array, limit: number): boolean {
    return this.#lines.each(chunk, (from, to, ended) => {
      const length = to - from;
      if (!ended) {
        this.#line += length;
        this.#event += length;
      } else {
        this.#event = this.#line + length === 0 ? 0 : this.#event + length + 1;
        this.#line = 0;
      }
      return this.#event <= limit;
    });
  }
}

/**
 * A pass-through that errors with `error()` once one message is past `limit` bytes: the whole body
 * for JSON (or anything else), each event for `text/event-stream`. Chunks pass as they are. An SSE
 * stream given `last` ends instead with those bytes (the SDK waits on an errored call stream forever).
 */
export function messageBoundStream(sse: boolean, limit: number, error: () => Error, last?: () => Uint8Array): TransformStream<Uint8Array, Uint8Array> {
  const events = sse ? new SseEventCounter() : undefined;
  let total = 0;
  return new TransformStream({
    transform(chunk, controller) {
      const within = events ? events.add(chunk, limit) : (total += chunk.byteLength) <= limit;
      if (within) return controller.enqueue(chunk);
      if (!last) return controller.error(error());
      controller.enqueue(last());
      controller.terminate();
    },
  });
}

/** Statuses whose Response may have no body (Fetch §2.2.3 null body status). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** Marks our own stand-in answer: a server cannot know it, so cannot pass its error off as ours. */
const OURS = randomUUID();
/** Which bound a stand-in answer stands for: one message's bytes, a listing's depth or another message's (listing-depth-fetch.ts), or a body that is no event stream (sse-start.ts). */
const OurAnswer = z.object({
  data: z.union([
    z.object({ messageBound: z.literal(OURS), limitBytes: z.number() }),
    z.object({ messageBound: z.literal(OURS), listingDepth: z.number() }),
    z.object({ messageBound: z.literal(OURS), messageDepth: z.number() }),
    z.object({ messageBound: z.literal(OURS), notEventStream: z.literal(true) }),
    z.object({ messageBound: z.literal(OURS), endedUnanswered: z.literal(true) }),
  ]),
});
export type StandIn = { limitBytes: number } | { listingDepth: number } | { messageDepth: number } | { notEventStream: true } | { endedUnanswered: true };

/** The bounded error of a call whose over-bound SSE answer was replaced by our stand-in (see answerInstead). */
export function boundedErrorOf(error: unknown, server: string): CodedError | undefined {
  const ours = OurAnswer.safeParse(error);
  if (!ours.success) return undefined;
  const { data } = ours.data;
  if ('limitBytes' in data) return messageTooLarge(server, data.limitBytes);
  if ('notEventStream' in data) return notAnEventStream(server);
  if ('endedUnanswered' in data) return endedUnanswered(server);
  return 'listingDepth' in data ? tooDeepListing(server, data.listingDepth) : tooDeepMessage(server);
}

const SentRequest = z.object({ method: z.string(), id: z.union([z.string(), z.number()]) });

/** The one request an SSE answer is for: the SDK POSTs it as a JSON string. */
export function sentRequestOf(init: RequestInit | undefined): { method: string; id: string | number } | undefined {
  if (typeof init?.body !== 'string') return undefined;
  try {
    const sent = SentRequest.safeParse(JSON.parse(init.body));
    return sent.success ? sent.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The end of an over-bound SSE answer to request `id`: a blank line (the cut event is dropped by the
 * SDK's parser as bad JSON), then an error answer to the request (JSON-RPC 2.0 §5.1), so the call
 * fails at once with the bounded error (boundedErrorOf) instead of waiting for its timeout.
 */
export function answerInstead(id: string | number, error: Error, bound: StandIn): Uint8Array {
  return new TextEncoder().encode(`\n\nevent: message\ndata: ${JSON.stringify(standInAnswer(id, error, bound))}\n\n`);
}

/** Our error answer to request `id`, known as ours by boundedErrorOf. */
export function standInAnswer(id: string | number, error: Error, bound: StandIn): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: RPC_ERROR.InternalError, message: error.message, data: { messageBound: OURS, ...bound } } };
}

/** The response with its body bounded per message; its status, headers, url and `redirected` kept. */
export function boundedResponse(response: Response, limit: number, error: () => Error, init?: RequestInit): Response {
  if (response.body === null || NULL_BODY.has(response.status)) return response;
  const sse = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
  const id = sse ? sentRequestOf(init)?.id : undefined;
  const last = id === undefined ? undefined : () => answerInstead(id, error(), { limitBytes: limit });
  return withBody(response, response.body.pipeThrough(messageBoundStream(sse, limit, error, last)));
}

/** `response` with another body; its status, headers, url and `redirected` kept. */
export function withBody(response: Response, body: ReadableStream<Uint8Array>): Response {
  const answer = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  // The SDK reads `url` and `redirected` to explain a redirect it did not follow.
  Object.defineProperties(answer, { url: { value: response.url }, redirected: { value: response.redirected } });
  return answer;
}

/** `fetch` for an MCP server's HTTP transport whose every message is at most `limit` bytes (as stdio's lines). */
export function messageBoundFetch(fetch: FetchLike, server: string, limit: number): FetchLike {
  return async (url, init) => boundedResponse(await fetch(url, init), limit, () => messageTooLarge(server, limit), init);
}
