import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import type { FetchLike } from '../net';
import { CR, LF } from './json-bytes';
import { invalidAnswer } from './invalid-answer';
import { withBody } from './message-bound';

/** `"error"`: only an event whose bytes hold it can be an answer with both members; any other passes unread. */
const ERROR_KEY = new TextEncoder().encode('"error"');

/**
 * Not one of JSON-RPC 2.0 §5's two shapes: both `result` and `error`, neither, a `result` that is not
 * an object, or an `error` without a numeric code and a message. A request or notification is not.
 */
function malformedAnswer(value: unknown): JSONRPCMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const members = value as Record<string, unknown>;
  const hasResult = Object.hasOwn(members, 'result');
  const hasError = Object.hasOwn(members, 'error');
  if (hasResult !== hasError) {
    const ok = hasResult ? isObject(members['result']) : isObject(members['error']) && typeof members['error']['code'] === 'number' && typeof members['error']['message'] === 'string';
    if (ok) return undefined;
  }
  return invalidAnswer(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A parsed JSON body with each malformed answer made an error answer for its id (invalid-answer.ts). */
export function repairedBody(data: unknown): unknown {
  if (!Array.isArray(data)) return malformedAnswer(data) ?? data;
  return data.map((message: unknown) => malformedAnswer(message) ?? message);
}

/**
 * One SSE event (WHATWG HTML §9.2.6) whose message is a malformed answer, written again with the error
 * answer in its place and its other fields (`id`, `event`) kept; undefined for any other event.
 */
export function repairedEvent(bytes: Uint8Array): Uint8Array | undefined {
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(ERROR_KEY) === -1) return undefined;
  const lines = new TextDecoder().decode(bytes).split(/\r\n|\r|\n/);
  const data: string[] = [];
  const others: string[] = [];
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
    else others.push(line);
  }
  let value: unknown;
  try {
    value = JSON.parse(data.join('\n'));
  } catch {
    return undefined;
  }
  const answer = malformedAnswer(value);
  if (answer === undefined) return undefined;
  return new TextEncoder().encode(`${others.map((line) => `${line}\n`).join('')}data: ${JSON.stringify(answer)}\n\n`);
}

/**
 * A pass-through of an SSE stream that holds an event's bytes until the blank line that ends it, then
 * passes them as they came, or repaired (repairedEvent). Lines end in CRLF, LF or CR (WHATWG HTML
 * §9.2.5); the message bound before it keeps what is held to one message's bytes.
 */
export function answerRepairStream(): TransformStream<Uint8Array, Uint8Array> {
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
        const repaired = repairedEvent(event);
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
 * An HTTP server's malformed answers (both `result` and `error`, say) made error answers for their
 * ids before the SDK reads them, as a stdio server's are (stdio-line.ts): in an SSE stream the SDK
 * would drop the event and the call wait for its timeout; in a JSON body its schema error would fail
 * the call as our own fault. A JSON body is repaired where the SDK parses it (`json()`, no second parse).
 */
export function invalidAnswerFetch(fetch: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.body === null) return response;
    const type = (response.headers.get('content-type') ?? '').toLowerCase();
    if (type.includes('text/event-stream')) return withBody(response, response.body.pipeThrough(answerRepairStream()));
    if (!type.includes('json')) return response;
    const json = response.json.bind(response);
    Object.defineProperty(response, 'json', { value: async () => repairedBody(await json()) });
    return response;
  };
}
