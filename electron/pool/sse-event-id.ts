import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, CR, LF, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes';

/** An id longer than this is no request id of ours (we send numbers): not kept. */
const MAX_ID_BYTES = 256;

const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;
const DATA = [0x64, 0x61, 0x74, 0x61]; // "data"
const ID_KEY = [0x69, 0x64]; // "id"
const METHOD_KEY = [0x6d, 0x65, 0x74, 0x68, 0x6f, 0x64]; // "method"
const ANSWER_KEYS = [
  [0x72, 0x65, 0x73, 0x75, 0x6c, 0x74], // "result"
  [0x65, 0x72, 0x72, 0x6f, 0x72], // "error"
];
const same = (key: number[], name: number[]): boolean => key.length === name.length && key.every((b, k) => b === name[k]);

/** The top-level `id` of a JSON-RPC message's text (JSON-RPC 2.0 §5); one inside the result is never taken for it. */
export function topLevelId(text: string): string | number | undefined {
  const scan = new SseEventId();
  // The blank line ends the event, and with it a number the text ends with.
  return scan.add(new TextEncoder().encode(`data:${text.replace(/\n/g, '\ndata:')}\n\n`)).ids[0];
}

/**
 * Which request the SSE event being read answers (WHATWG HTML §9.2.6: `data:` lines, a blank line
 * ends an event), read as the bytes arrive, wherever in the event the message's top-level `id` comes:
 * an event cut for its depth must still reach its request when the stream is a GET's (no request of
 * its own). JSON is followed only as far as telling keys at the top level (depth, strings, escapes),
 * in constant memory.
 */
export class SseEventId {
  // The SSE line: it ends in CRLF, LF or a lone CR (sse-lines.ts); `#afterCr`, an LF next is the CRLF's.
  #afterCr = false;
  #lineStart = true;
  #field: number[] | undefined = [];
  #inData = false;
  #skipSpace = false;
  #dataLines = 0;
  // The JSON of the event's data.
  #depth = 0;
  #inString = false;
  #escaped = false;
  #key: number[] | undefined;
  #expectKey = false;
  #idNext = false;
  #value: number[] | undefined;
  #id: string | number | undefined;
  #method = false;
  #answer = false;

  /** The ids of the events that ended in the chunk, in order (undefined: it had none), whether each named a top-level `method`, and where in it each ended. */
  add(chunk: Uint8Array): { ends: number[]; ids: (string | number | undefined)[]; methods: boolean[] } {
    const ends: number[] = [];
    const ids: (string | number | undefined)[] = [];
    const methods: boolean[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (byte === LF && this.#afterCr) {
        this.#afterCr = false;
        continue;
      }
      this.#afterCr = byte === CR;
      if (byte === LF || byte === CR) {
        if (this.#lineStart) {
          this.#endValue();
          ids.push(this.#id);
          methods.push(this.#method);
          ends.push(i + 1);
          this.#reset();
          continue;
        }
        this.#lineStart = true;
        this.#field = [];
        this.#inData = false;
        continue;
      }
      if (this.#lineStart) {
        this.#lineStart = false;
        if (this.#dataLines > 0) this.#json(LF); // the SDK joins data lines with LF, whatever ended them
      }
      if (this.#inData) {
        if (this.#skipSpace && byte === SPACE) {
          this.#skipSpace = false;
          continue;
        }
        this.#skipSpace = false;
        this.#json(byte);
      } else if (this.#field !== undefined) {
        if (byte === COLON) {
          this.#inData = this.#field.length === 4 && this.#field.every((b, k) => b === DATA[k]);
          if (this.#inData) this.#dataLines++;
          this.#skipSpace = true;
          this.#field = undefined;
        } else if (this.#field.length < 5) this.#field.push(byte);
        else this.#field = undefined;
      }
    }
    return { ends, ids, methods };
  }

  /** The id of the event being read, once its message has named it. */
  id(): string | number | undefined {
    return this.#id;
  }

  /** Whether the event being read has named a top-level `method` so far: with an id, a request (JSON-RPC 2.0 §4). */
  method(): boolean {
    return this.#method;
  }

  /** Whether the event being read has named a top-level `result` or `error` so far: an answer (JSON-RPC 2.0 §5). */
  answer(): boolean {
    return this.#answer;
  }

  #reset(): void {
    this.#lineStart = true;
    this.#field = [];
    this.#inData = false;
    this.#dataLines = 0;
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
    this.#key = undefined;
    this.#expectKey = false;
    this.#idNext = false;
    this.#value = undefined;
    this.#id = undefined;
    this.#method = false;
    this.#answer = false;
  }

  #json(byte: number): void {
    if (this.#value !== undefined && !this.#inString && this.#value[0] !== QUOTE) {
      // A number runs until a byte that is none of its own.
      if ((byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2e || byte === 0x65 || byte === 0x45 || byte === 0x2b) {
        if (this.#value.length < MAX_ID_BYTES) this.#value.push(byte);
        return;
      }
      this.#endValue();
    }
    if (this.#inString) {
      if (this.#value !== undefined && this.#value.length < MAX_ID_BYTES) this.#value.push(byte);
      if (this.#escaped) this.#escaped = false;
      else if (byte === BACKSLASH) this.#escaped = true;
      else if (byte === QUOTE) {
        this.#inString = false;
        const name = this.#key;
        if (name !== undefined) {
          this.#idNext = same(name, ID_KEY);
          if (same(name, METHOD_KEY)) this.#method = true;
          if (ANSWER_KEYS.some((key) => same(name, key))) this.#answer = true;
          this.#key = undefined;
        } else if (this.#value !== undefined) this.#endValue();
        return;
      }
      if (this.#key !== undefined && byte !== QUOTE) this.#key = this.#key.length <= METHOD_KEY.length ? [...this.#key, byte] : this.#key;
      return;
    }
    if (byte === QUOTE) {
      this.#inString = true;
      if (this.#depth === 1 && this.#expectKey) {
        this.#key = [];
        this.#expectKey = false;
      } else if (this.#depth === 1 && this.#idNext) this.#value = [byte];
      return;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      this.#depth++;
      this.#expectKey = this.#depth === 1 && byte === OPEN_OBJECT;
      this.#idNext = false;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) this.#depth--;
    else if (this.#depth === 1 && byte === COMMA) {
      this.#expectKey = true;
      this.#idNext = false;
    } else if (this.#depth === 1 && this.#idNext && ((byte >= 0x30 && byte <= 0x39) || byte === 0x2d)) this.#value = [byte];
  }

  /** A value taken whole becomes the id, once: a second top-level `id` (invalid JSON-RPC) changes nothing. */
  #endValue(): void {
    const value = this.#value;
    if (value === undefined || (value[0] === QUOTE && this.#inString)) return;
    this.#value = undefined;
    this.#idNext = false;
    if (this.#id !== undefined || value.length >= MAX_ID_BYTES) return;
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(value)));
      if (typeof parsed === 'string' || typeof parsed === 'number') this.#id = parsed;
    } catch {
      // Not a whole number or string: no id.
    }
  }
}
