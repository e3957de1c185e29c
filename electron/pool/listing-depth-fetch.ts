import type { FetchLike } from '../net';
import { DeepRequestRefusals } from './deep-request-refusal';
import { LF } from './json-bytes';
import { JsonDepthMeter, SseDepthMeter } from './json-depth-meter';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH, MAX_MESSAGE_DEPTH, tooDeepListing, tooDeepMessage } from './listing-depth';
import { answerInstead, sentRequestOf, withBody } from './message-bound';
import { SseEventId } from './sse-event-id';

/** The requests whose answers are listings (MCP 2025-11-25 server/tools, server/prompts, server/resources). */
export const LISTINGS: ReadonlySet<string> = new Set(['tools/list', 'prompts/list', 'resources/list', 'resources/templates/list']);

/** A listing's message nests two levels above its items (the message, its `result`), which listing-depth.ts counts from. */
export const MAX_LISTING_MESSAGE_DEPTH = MAX_MESSAGE_DEPTH;

/** The meter of a message's bound on our listing's stream (renewed after an event past it), and the listing's id. */
type Low = { meter: SseDepthMeter; readonly own: string | number };

/** Whether an event of our listing's stream is the listing's answer, or not yet known. */
type Whose = 'yes' | 'no' | 'unknown';

/** Listing ids asked for lately: an answer on a GET stream (resumed, or the standalone one) may be to one of them. */
const REMEMBERED_LISTINGS = 64;

/**
 * Every message of an HTTP server, refused as it arrives once it nests deeper than a stdio server's
 * message may (listing-depth.ts): the SDK would parse it and check it by recursion, which a deep
 * enough one runs out of stack. The answer to a listing we asked for on this request may nest as deep
 * as a whole listing may (MAX_LISTING_FLOOD_DEPTH): each item is then held to MAX_LISTING_DEPTH on its
 * own, before any recursive check (listing-items.ts), so one deep tool is left out, not the server;
 * any other event of its stream keeps a message's bound. Any body is metered, a GET's too: an answer may come on a resumed
 * stream (Last-Event-ID) or the standalone one (MCP 2025-11-25 basic/transports §Streamable HTTP).
 * A JSON body errors (the SDK's read of it fails with the error); an SSE stream ends with our
 * stand-in error answer to the request it answers, as an over-bound message does (message-bound.ts).
 * A server's request cut so is refused by an error answer POSTed back, never taken for an answer to
 * ours: on a GET stream it is left out and the stream read on; a call whose stream carried it fails.
 * An over-bound notification or server request on our listing's stream is left out alone, and logged:
 * the listing's answer after it is still read. Its start, if passed on, is ended as an event the SDK
 * reads past: otherwise the SDK would join it to the next events. A server's request left out is
 * refused by an error answer POSTed back; an answer to another request of ours gives way to our
 * error answer to that request, so neither side waits for what was not read.
 */
export function listingDepthFetch(fetch: FetchLike, server: string, log: (line: string) => void = () => undefined): FetchLike {
  const listings: (string | number)[] = [];
  const refusals = new DeepRequestRefusals(fetch, server, log);
  return async (url, init) => {
    const response = await fetch(url, init);
    const refuse = refusals.forStream(url, init);
    // Every listing's method ends so (JSON escapes nothing of it): a call's body is not parsed again.
    const sent = typeof init?.body === 'string' && init.body.includes('/list"') ? sentRequestOf(init) : undefined;
    if (sent !== undefined && LISTINGS.has(sent.method) && !listings.includes(sent.id)) {
      listings.push(sent.id);
      if (listings.length > REMEMBERED_LISTINGS) listings.shift();
    }
    if (response.body === null) return response;
    const sse = (response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream');
    const listingLimit = sent !== undefined && LISTINGS.has(sent.method) ? MAX_LISTING_FLOOD_DEPTH : MAX_LISTING_DEPTH;
    const depth = MAX_LISTING_MESSAGE_DEPTH - MAX_LISTING_DEPTH + listingLimit;
    let meter = sse ? new SseDepthMeter(depth) : new JsonDepthMeter(depth);
    const events = sse ? new SseEventId() : undefined;
    const call = sent ?? sentRequestOf(init);
    const own = call?.id;
    // A listing answered on another request's stream (a GET's) is held to the bound of its items.
    const limitOf = (id: string | number): number => (id === own ? listingLimit : MAX_LISTING_DEPTH);
    const standIn = (id: string | number): Uint8Array => {
      const listing = listings.includes(id);
      return answerInstead(id, listing ? tooDeepListing(server, limitOf(id)) : tooDeepMessage(server), listing ? { listingDepth: limitOf(id) } : { messageDepth: MAX_MESSAGE_DEPTH });
    };
    // On our listing's own stream only its answer may nest past a message's bound: any other event
    // (a notification, a server's request) past it is held back until its id says whose it is.
    const low: Low | undefined = sse && own !== undefined && listingLimit > MAX_LISTING_DEPTH ? { meter: new SseDepthMeter(MAX_MESSAGE_DEPTH), own } : undefined;
    let deep: 'no' | 'held' | 'own' = 'no';
    let held: Uint8Array[] = [];
    // A deep event off our listing's stream, cut: the rest of it is read (not passed on; the message
    // bound keeps it finite) until it says whose it is (`settled`), then skipped to its end.
    let cut: { settled: boolean } | undefined;
    // The rest of an event on our listing's stream left out: not its answer, or not yet known to be
    // (`listing`: past the whole listing's bound, so if its id turns out ours, the listing is refused).
    let skip: { listing: boolean } | undefined;
    // The last byte passed on of the event being read (undefined: none yet).
    let tail: number | undefined;
    const depthBound = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (events === undefined) {
          if (meter.add(chunk)) return controller.enqueue(chunk);
          return controller.error(own !== undefined && listings.includes(own) ? tooDeepListing(server, listingLimit) : tooDeepMessage(server));
        }
        // Metered an event at a time, so the one that goes too deep is known with the id it named.
        const { ends, ids, methods } = events.add(chunk);
        let from = 0;
        for (let i = 0; i <= ends.length; i++) {
          const ended = i < ends.length;
          const to = ends[i] ?? chunk.length;
          const part = chunk.subarray(from, to);
          from = to;
          const eventId = ended ? ids[i] : events.id();
          const method = ended ? methods[i] === true : events.method();
          // Whose a cut event is: known at its end, or once it named its id and a method or an answer's member.
          const known = ended || (eventId !== undefined && (method || events.answer()));
          if (cut !== undefined) {
            if (!cutEvent(controller, eventId, method, known, ended)) return;
            continue;
          }
          const whose = low === undefined ? 'no' : ownAnswer(low, eventId, method, ended);
          // Our listing's answer past a message's bound, passed on in part, then naming a method: no answer at all.
          if (low !== undefined && deep === 'own' && method) return finish(controller, low.own);
          if (low !== undefined && skip !== undefined) {
            if (skip.listing && whose === 'yes') return finish(controller, low.own);
            if (ended) leftOut(controller, low, eventId, methods[i]);
            continue;
          }
          if (!meter.add(part)) {
            // Past even a listing's bound on our listing's stream: whose it is decides (its id may come later).
            if (low !== undefined && whose !== 'yes') {
              drop(controller, { listing: true });
              if (ended) leftOut(controller, low, eventId, methods[i]);
              continue;
            }
            if (low !== undefined) return finish(controller, low.own);
            // A call fails at once with our error, as ever, whatever the event turns out to be.
            if (own !== undefined) controller.enqueue(standIn(own));
            cut = { settled: false };
            if (!cutEvent(controller, eventId, method, known, ended)) return;
            continue;
          }
          if (low !== undefined && !passes(low, part, whose, controller)) {
            drop(controller, { listing: false });
            if (ended) leftOut(controller, low, eventId, methods[i]);
            continue;
          }
          if (deep === 'held') held.push(part);
          else pass(controller, part);
          if (ended) tail = undefined;
          if (ended && deep !== 'no' && low !== undefined) {
            low.meter = new SseDepthMeter(MAX_MESSAGE_DEPTH);
            deep = 'no';
          }
        }
      },
      flush(controller) {
        // A call's stream already carries our error to the call.
        if (cut !== undefined && !cut.settled && own === undefined) controller.error(tooDeepMessage(server));
      },
    });
    /** Whether an event of our listing's stream may go on: within a message's bound, or our listing's answer. */
    function passes(low: Low, part: Uint8Array, whose: Whose, controller: TransformStreamDefaultController<Uint8Array>): boolean {
      if (deep === 'no' && !low.meter.add(part)) deep = 'held';
      if (deep !== 'held') return true;
      if (whose === 'yes') {
        deep = 'own';
        for (const bytes of held.splice(0)) pass(controller, bytes);
        return true;
      }
      return whose === 'unknown';
    }
    /**
     * Whether the event being read is our listing's answer: our id and no top-level method (a server's
     * request may reuse it: JSON-RPC ids are each side's own, JSON-RPC 2.0 §4), known once it names
     * a `result` or `error` (§5) or ends.
     */
    function ownAnswer(low: Low, id: string | number | undefined, method: boolean, ended: boolean): Whose {
      if (method || (id !== undefined && id !== low.own)) return 'no';
      if (ended) return id === undefined ? 'no' : 'yes';
      return id !== undefined && events?.answer() === true ? 'yes' : 'unknown';
    }
    function pass(controller: TransformStreamDefaultController<Uint8Array>, bytes: Uint8Array): void {
      if (bytes.length === 0) return;
      controller.enqueue(bytes);
      tail = bytes[bytes.length - 1];
    }
    /** The rest of the event being read is left out; what of it was passed on is ended (a CR before our LF makes one line end). */
    function drop(controller: TransformStreamDefaultController<Uint8Array>, left: { listing: boolean }): void {
      skip = left;
      held = [];
      endPassed(controller);
    }
    /** What of the event being read was passed on is ended, so the SDK joins nothing to it (a CR before our LF makes one line end). */
    function endPassed(controller: TransformStreamDefaultController<Uint8Array>): void {
      if (tail === undefined) return;
      // A type the SDK reads past (WHATWG HTML §9.2.6), not bad JSON it would report as the server's.
      controller.enqueue(new TextEncoder().encode(`${tail === LF ? '' : '\n'}event: left-out\n\n`));
      tail = undefined;
    }
    /** Ends the stream with our error answer to request `id`. */
    function finish(controller: TransformStreamDefaultController<Uint8Array>, id: string | number): void {
      held = [];
      controller.enqueue(standIn(id));
      controller.terminate();
    }
    /**
     * An event of our listing's stream that is not its answer, past a message's bound, has ended: its
     * bytes were dropped, and it is logged as what it was (MCP 2025-11-25 basic/transports §Sending
     * Messages to the Server: a server may send requests and notifications before its answer).
     */
    function leftOut(controller: TransformStreamDefaultController<Uint8Array>, low: Low, id: string | number | undefined, method: boolean | undefined): void {
      // An event with an id and no method answers another request (JSON-RPC 2.0 §4, §5).
      const what = method !== true ? 'a message' : id === undefined ? 'a notification' : 'a request';
      log(`[${server}] sent ${what} nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering ${sent?.method ?? 'a listing'}; it was not read (only the listing's answer may nest deeper)`);
      // Its request fails now with our error, not at its timeout; what of the event was passed on was ended (drop).
      if (method !== true && id !== undefined) controller.enqueue(standIn(id));
      // A server's request left unanswered would wait forever: it is refused (deep-request-refusal.ts).
      if (method === true && id !== undefined) refuse(id);
      // The next event is metered afresh.
      skip = undefined;
      held = [];
      meter = new SseDepthMeter(depth);
      low.meter = new SseDepthMeter(MAX_MESSAGE_DEPTH);
      deep = 'no';
    }
    /**
     * A part of a cut event off our listing's stream; whether the stream reads on. Once whose it is is
     * known: a server's request is refused (deep-request-refusal.ts), never taken for an answer to our
     * request of its id (JSON-RPC ids are each side's own), and on a GET stream left out, the stream
     * read on; an answer fails its request with our error; one with no id is answered by no request.
     * A call's own stream ends: the call already has our error.
     */
    function cutEvent(controller: TransformStreamDefaultController<Uint8Array>, id: string | number | undefined, method: boolean, known: boolean, ended: boolean): boolean {
      const state = cut as { settled: boolean };
      if (!state.settled && known) {
        state.settled = true;
        if (method && id !== undefined) {
          log(`[${server}] sent a request nested deeper than ${MAX_MESSAGE_DEPTH} levels${call === undefined ? '' : ` while answering ${call.method}`}; it was not read, and is refused`);
          refuse(id);
        }
        if (own !== undefined) {
          controller.terminate();
          return false;
        }
        if (!method && id !== undefined) {
          finish(controller, id);
          return false;
        }
        if (id === undefined) {
          controller.error(tooDeepMessage(server));
          return false;
        }
        endPassed(controller);
      }
      if (ended) {
        cut = undefined;
        meter = new SseDepthMeter(depth);
      }
      return true;
    }
    return withBody(response, response.body.pipeThrough(depthBound));
  };
}
