import type { FetchLike } from '../net';
import { checkedAnswer, checkedBody, NO_REQUESTS, requestIdsOf, type IdOfOtherType } from './answer-check';
import { CR, LF } from './json-bytes';
import { withBody } from './message-bound';

const DECODER = new TextDecoder();
const ENCODER = new TextEncoder();

/**
 * One SSE event (WHATWG HTML §9.2.6) whose message is a wrong answer (answer-check.ts), written again
 * with the error answer in its place and its other fields (`id`, `event`) kept; undefined for any
 * other event. Each event the SDK reads as a message (no `event`, or `message`) is parsed whole: a
 * look at its bytes misses a key written with escapes (`"\u0065rror"`) and cannot tell a code's type.
 * What is parsed is one message at most, bounded before (message-bound.ts).
 */
export function repairedEvent(bytes: Uint8Array, otherType: IdOfOtherType = NO_REQUESTS): Uint8Array | undefined {
  const data: string[] = [];
  const others: string[] = [];
  let type = '';
  for (const line of DECODER.decode(bytes).split(/\r\n|\r|\n/)) {
    if (line === '') continue;
    // §9.2.6: the field's name runs to the first colon (a line without one is all name), one space after it is dropped.
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.startsWith(' ', colon + 1) ? colon + 2 : colon + 1);
    if (name === 'data') data.push(value);
    else {
      if (name === 'event') type = value;
      others.push(line);
    }
  }
  // The SDK passes on only an event without a type or of type `message`.
  if (data.length === 0 || (type !== '' && type !== 'message')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data.join('\n'));
  } catch {
    return undefined;
  }
  const answer = checkedAnswer(value, otherType);
  if (answer === undefined) return undefined;
  return ENCODER.encode(`${others.map((line) => `${line}\n`).join('')}data: ${JSON.stringify(answer)}\n\n`);
}

/**
 * A pass-through of an SSE stream that holds an event's bytes until the blank line that ends it, then
 * passes them as they came, or repaired (repairedEvent). Lines end in CRLF, LF or CR (WHATWG HTML
 * §9.2.5); the message bound before it keeps what is held to one message's bytes.
 */
export function answerRepairStream(otherType: IdOfOtherType = NO_REQUESTS): TransformStream<Uint8Array, Uint8Array> {
  let held: Uint8Array[] = [];
  let lineEmpty = true;
  let afterCr = false;
  let dropLf = false;
  return new TransformStream({
    transform(chunk, controller) {
      // The chunk's bytes from `from` are not passed yet; the event being read began at `start`.
      let from = 0;
      let start = 0;
      // The LF of a repaired event's last CRLF, in this chunk: the repair already ended the event.
      if (dropLf && chunk[0] === LF) {
        from = start = 1;
        afterCr = false;
      }
      dropLf = false;
      for (let i = start; i < chunk.length; i++) {
        const byte = chunk[i];
        // The LF of a CRLF: its line already ended.
        if (byte === LF && afterCr) {
          afterCr = false;
          continue;
        }
        afterCr = byte === CR;
        if (byte !== CR && byte !== LF) {
          lineEmpty = false;
          continue;
        }
        if (!lineEmpty) {
          lineEmpty = true;
          continue;
        }
        const part = chunk.subarray(start, i + 1);
        const event = held.length === 0 ? part : Buffer.concat([...held, part]);
        const repaired = repairedEvent(event, otherType);
        if (repaired !== undefined) {
          if (start > from) controller.enqueue(chunk.subarray(from, start));
          controller.enqueue(repaired);
          if (byte === CR && i + 1 < chunk.length && chunk[i + 1] === LF) {
            i++;
            afterCr = false;
          } else dropLf = byte === CR;
          from = i + 1;
        } else {
          for (const h of held) controller.enqueue(h);
        }
        held = [];
        start = i + 1;
      }
      if (start > from) controller.enqueue(chunk.subarray(from, start));
      if (start < chunk.length) held.push(chunk.slice(start));
    },
    flush(controller) {
      for (const h of held) controller.enqueue(h);
    },
  });
}

/**
 * An HTTP server's wrong answers (answer-check.ts: both `result` and `error`, an error code that is no
 * integer, the request's id as another type) made error answers for their calls before the SDK reads
 * them, as a stdio server's are (stdio-line.ts, direct-calls.ts): in an SSE stream the SDK would drop
 * the event and the call wait for its timeout; in a JSON body its schema error would fail the call as
 * our own fault; an id as a string the SDK would take for ours. A JSON body is checked where the SDK
 * parses it (`json()`, no second parse); the request's own body is read only for an id of another type.
 */
export function invalidAnswerFetch(fetch: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.body === null) return response;
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    const otherType = requestIdsOf(init?.body);
    if (type.includes('text/event-stream')) return withBody(response, response.body.pipeThrough(answerRepairStream(otherType)));
    if (!type.includes('json')) return response;
    const json = response.json.bind(response);
    Object.defineProperty(response, 'json', { value: async () => checkedBody(await json(), otherType) });
    return response;
  };
}
