import type { FetchLike } from '../net';
import { JsonDepthMeter, SseDepthMeter } from './json-depth-meter';
import { MAX_LISTING_DEPTH, tooDeepListing } from './listing-depth';
import { answerInstead, sentRequestOf, withBody } from './message-bound';

/** The requests whose answers are listings (MCP 2025-11-25 server/tools, server/prompts, server/resources). */
const LISTINGS = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/** A listing's message nests two levels above its items (the message, its `result`), which listing-depth.ts counts from. */
export const MAX_LISTING_MESSAGE_DEPTH = MAX_LISTING_DEPTH + 2;

/**
 * A listing's answer over HTTP, refused as it arrives once it nests deeper than a stdio server's may
 * (listing-depth.ts): the SDK would parse it and check it by recursion, which a deep enough one runs
 * out of stack. A JSON body errors (the SDK's read of it fails with the error); an SSE stream ends
 * with our stand-in error answer to the request, as an over-bound message does (message-bound.ts).
 */
export function listingDepthFetch(fetch: FetchLike, server: string): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    // Every listing's method ends so (JSON escapes nothing of it): a call's body is not parsed again.
    const sent = typeof init?.body === 'string' && init.body.includes('/list"') ? sentRequestOf(init) : undefined;
    if (sent === undefined || !LISTINGS.has(sent.method) || response.body === null) return response;
    const sse = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    const meter = sse ? new SseDepthMeter(MAX_LISTING_MESSAGE_DEPTH) : new JsonDepthMeter(MAX_LISTING_MESSAGE_DEPTH);
    const depthBound = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (meter.add(chunk)) return controller.enqueue(chunk);
        const error = tooDeepListing(server);
        if (!sse) return controller.error(error);
        controller.enqueue(answerInstead(sent.id, error, { listingDepth: MAX_LISTING_DEPTH }));
        controller.terminate();
      },
    });
    return withBody(response, response.body.pipeThrough(depthBound));
  };
}
