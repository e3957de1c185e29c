import type { FetchLike } from '../net';
import { CR, LF } from './json-bytes';
import { answerInstead, sentRequestOf, withBody } from './message-bound';
import { notAnEventStream } from './not-event-stream';

/** The fields an event stream's first line may name (WHATWG HTML §9.2.6), each ending at a colon or the line's end. */
const FIELDS = ['data', 'event', 'id', 'retry'];
/** §9.2.5: one byte order mark at the start of the stream is dropped. */
const BOM = [0xef, 0xbb, 0xbf];
const COLON = 0x3a;

/**
 * Whether a body's first bytes begin an event stream: a field line, a comment (`:`) or a blank line,
 * after an optional byte order mark; `undefined` while too few bytes have come to tell.
 */
export function beginsAsSse(head: Uint8Array): boolean | undefined {
  let at = 0;
  while (at < BOM.length && at < head.length && head[at] === BOM[at]) at++;
  if (at < BOM.length && at === head.length) return undefined;
  if (at > 0 && at < BOM.length) return false;
  if (at === head.length) return undefined;
  const first = head[at];
  if (first === COLON || first === CR || first === LF) return true;
  let open = false;
  for (const field of FIELDS) {
    let i = 0;
    while (i < field.length && at + i < head.length && head[at + i] === field.charCodeAt(i)) i++;
    if (at + i === head.length && i <= field.length) open = true;
    else if (i === field.length) {
      const next = head[at + i];
      if (next === COLON || next === CR || next === LF) return true;
    }
  }
  return open ? undefined : false;
}

/**
 * A pass-through that looks at a body's first bytes: an event stream goes on as it came; anything else
 * is dropped for `instead()`, an error answer to the request it was for, so the request fails at once.
 */
export function sseStartStream(instead: () => Uint8Array): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array | undefined;
  let decided = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (decided) return controller.enqueue(chunk);
      const head = held === undefined ? chunk : Buffer.concat([held, chunk]);
      const verdict = beginsAsSse(head);
      if (verdict === undefined) {
        held = head;
        return;
      }
      decided = true;
      held = undefined;
      if (verdict) return controller.enqueue(head);
      controller.enqueue(instead());
      controller.terminate();
    },
    flush(controller) {
      if (held !== undefined) controller.enqueue(held);
    },
  });
}

/**
 * `fetch` for an MCP server's HTTP transport that fails a request at once when its answer, labelled
 * `text/event-stream`, does not begin as one: the SDK's SSE parser skips what it cannot read and would
 * leave the request (`initialize` too: the whole start-up timeout) waiting for an answer that never comes.
 * Only an answer to a request is checked: a notification has none to fail, a GET stream no call waiting.
 */
export function sseStartFetch(fetch: FetchLike, server: string): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.body === null || !(response.headers.get('content-type') ?? '').toLowerCase().includes('text/event-stream')) return response;
    const id = sentRequestOf(init)?.id;
    if (id === undefined) return response;
    return withBody(response, response.body.pipeThrough(sseStartStream(() => answerInstead(id, notAnEventStream(server), { notEventStream: true }))));
  };
}
