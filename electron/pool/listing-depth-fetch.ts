import type { FetchLike } from '../net';
import { JsonDepthMeter, SseDepthMeter } from './json-depth-meter';
import { MAX_LISTING_DEPTH, MAX_MESSAGE_DEPTH, tooDeepListing, tooDeepMessage } from './listing-depth';
import { answerInstead, sentRequestOf, withBody } from './message-bound';
import { SseEventStart } from './sse-event-id';

/** The requests whose answers are listings (MCP 2025-11-25 server/tools, server/prompts, server/resources). */
const LISTINGS = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/** A listing's message nests two levels above its items (the message, its `result`), which listing-depth.ts counts from. */
export const MAX_LISTING_MESSAGE_DEPTH = MAX_MESSAGE_DEPTH;

/** Listing ids asked for lately: an answer on a GET stream (resumed, or the standalone one) may be to one of them. */
const REMEMBERED_LISTINGS = 64;

/**
 * Every message of an HTTP server, refused as it arrives once it nests deeper than a stdio server's
 * listing may (listing-depth.ts): the SDK would parse it and check it by recursion, which a deep
 * enough one runs out of stack. Any body is metered, a GET's too: an answer may come on a resumed
 * stream (Last-Event-ID) or the standalone one (MCP 2025-11-25 basic/transports §Streamable HTTP).
 * A JSON body errors (the SDK's read of it fails with the error); an SSE stream ends with our
 * stand-in error answer to the request it answers, as an over-bound message does (message-bound.ts).
 */
export function listingDepthFetch(fetch: FetchLike, server: string): FetchLike {
  const listings: (string | number)[] = [];
  return async (url, init) => {
    const response = await fetch(url, init);
    // Every listing's method ends so (JSON escapes nothing of it): a call's body is not parsed again.
    const sent = typeof init?.body === 'string' && init.body.includes('/list"') ? sentRequestOf(init) : undefined;
    if (sent !== undefined && LISTINGS.has(sent.method) && !listings.includes(sent.id)) {
      listings.push(sent.id);
      if (listings.length > REMEMBERED_LISTINGS) listings.shift();
    }
    if (response.body === null) return response;
    const sse = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    const meter = sse ? new SseDepthMeter(MAX_LISTING_MESSAGE_DEPTH) : new JsonDepthMeter(MAX_LISTING_MESSAGE_DEPTH);
    const start = sse ? new SseEventStart() : undefined;
    const depthBound = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        start?.add(chunk);
        if (meter.add(chunk)) return controller.enqueue(chunk);
        // Whose answer was cut: a POST's own request, else the id the event began with (a GET's).
        const id = sent?.id ?? sentRequestOf(init)?.id ?? start?.id();
        const listing = id !== undefined && listings.includes(id);
        const error = listing ? tooDeepListing(server) : tooDeepMessage(server);
        if (!sse || id === undefined) return controller.error(error);
        controller.enqueue(answerInstead(id, error, listing ? { listingDepth: MAX_LISTING_DEPTH } : { messageDepth: MAX_MESSAGE_DEPTH }));
        controller.terminate();
      },
    });
    return withBody(response, response.body.pipeThrough(depthBound));
  };
}
