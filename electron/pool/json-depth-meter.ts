import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, CR, LF, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from './json-bytes';

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
    for (let i = from; i < to; i++) {
      const byte = chunk[i];
      if (this.#inString) {
        if (this.#escaped) this.#escaped = false;
        else if (byte === BACKSLASH) this.#escaped = true;
        else if (byte === QUOTE) this.#inString = false;
      } else if (byte === QUOTE) this.#inString = true;
      else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (++this.#depth > this.max) return false;
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) this.#depth--;
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
 * lines joined; a blank line ends the event. Lines ending in LF or CRLF are seen (a lone CR is not
 * a line end here, as message-bound.ts counts it).
 */
export class SseDepthMeter {
  readonly #json: JsonDepthMeter;
  /** Bytes of the current line so far (only its first five matter: is it `data:`?). */
  #lineLength = 0;
  #isData = true;
  #blank = true;

  constructor(max: number) {
    this.#json = new JsonDepthMeter(max);
  }

  add(chunk: Uint8Array): boolean {
    let pos = 0;
    while (pos < chunk.length) {
      const lf = chunk.indexOf(LF, pos);
      const end = lf === -1 ? chunk.length : lf;
      if (!this.#line(chunk, pos, end)) return false;
      if (lf === -1) break;
      if (this.#blank) this.#json.reset();
      this.#lineLength = 0;
      this.#isData = true;
      this.#blank = true;
      pos = lf + 1;
    }
    return true;
  }

  /** Bytes [from, to) of one line, no LF among them. */
  #line(chunk: Uint8Array, from: number, to: number): boolean {
    let start = from;
    // The field name: `data:` or another (skipped), told by the line's first five bytes.
    while (this.#lineLength < DATA.length && start < to) {
      const byte = chunk[start];
      if (!(this.#lineLength === 0 && byte === CR)) this.#blank = false;
      if (byte !== DATA[this.#lineLength]) this.#isData = false;
      this.#lineLength++;
      start++;
    }
    if (start < to) this.#blank = false;
    return !this.#isData || this.#lineLength < DATA.length || this.#json.add(chunk, start, to);
  }
}
