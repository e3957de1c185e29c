import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes';
import { SseLines } from './sse-lines';

/**
 * How deep JSON text nests objects and arrays, read byte by byte as it arrives, without parsing it
 * (RFC 8259 §7: a quote ends a string unless escaped by a backslash; brackets inside strings do not
 * count). UTF-8 multi-byte characters never hold these ASCII bytes, so bytes are enough.
 */
export class JsonDepthMeter {
  #depth = 0;
  #inString = false;
  #escaped = false;

  constructor(private readonly max: number) {}

  /** Reads bytes [from, to) of `chunk`; false once the text nests deeper than `max`. */
  add(chunk: Uint8Array, from = 0, to = chunk.length): boolean {
    // Depth never goes below zero: closing more than was opened (bad JSON) must not let a deeper text after it through.
    for (let i = from; i < to; i++) {
      const byte = chunk[i];
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) this.#inString = false;
      } else if (byte === QUOTE) this.#inString = true;
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (++this.#depth > this.max) return false;
      } else if ((byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) && this.#depth > 0) this.#depth--;
    }
    return true;
  }

  /** A new text (the next SSE event). */
  reset(): void {
    this.#depth = 0;
    this.#inString = false;
    this.#escaped = false;
  }
}

const DATA = new TextEncoder().encode('data:');

/**
 * The same over an SSE stream (WHATWG HTML §9.2.6): only `data:` lines are JSON, an event's data
 * lines joined; a blank line ends the event. Lines end where the SDK's parser ends them (sse-lines.ts).
 */
export class SseDepthMeter {
  readonly #json: JsonDepthMeter;
  readonly #lines = new SseLines();
  /** Bytes of the current line so far (only its first five matter: is it `data:`?). */
  #lineLength = 0;
  #isData = true;

  constructor(max: number) {
    this.#json = new JsonDepthMeter(max);
  }

  add(chunk: Uint8Array): boolean {
    return this.#lines.each(chunk, (from, to, ended) => {
      if (!this.#line(chunk, from, to)) return false;
      if (!ended) return true;
      if (this.#lineLength === 0) this.#json.reset();
      this.#lineLength = 0;
      this.#isData = true;
      return true;
    });
  }

  /** Bytes [from, to) of one line, no line end among them. */
  #line(chunk: Uint8Array, from: number, to: number): boolean {
    let start = from;
    // The field name: `data:` or another (skipped), told by the line's first five bytes.
    while (this.#lineLength < DATA.length && start < to) {
      if (chunk[start] !== DATA[this.#lineLength]) this.#isData = false;
      this.#lineLength++;
      start++;
    }
    return !this.#isData || this.#lineLength < DATA.length || this.#json.add(chunk, start, to);
  }
}
