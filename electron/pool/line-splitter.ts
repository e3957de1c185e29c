const NEWLINE = 0x0a;

/** Receives one line: `buffer[start, end)`, without its `\n`. The buffer is only valid during the call. */
export type LineHandler = (buffer: Buffer, start: number, end: number) => void;

/** Receives an over-long line's length so far and its first byte that is not white space (undefined: none yet). */
export type OverflowHandler = (bytes: number, lead: number | undefined) => void;

/** JSON's white space (RFC 8259 §2): what may come before a message's `{`. */
function leadByte(buffer: Buffer, start: number, end: number): number | undefined {
  for (let i = start; i < end; i++) {
    const byte = buffer[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d && byte !== 0x0a) return byte;
  }
  return undefined;
}

/**
 * Splits a byte stream into lines. A partial line is kept as a list of chunks and joined once, when
 * its end arrives: linear in the bytes read (no `Buffer.concat` per chunk). A line longer than
 * `maxLine` is handed to `onOverflow` (its length so far, and its first byte that is not white
 * space, to tell a huge message from stray output) and skipped up to its end.
 */
export class LineSplitter {
  readonly #maxLine: number;
  #parts: Buffer[] = [];
  #pending = 0;
  /** Dropping up to the next line end (after an overflow or `skipLine`). */
  #skipping = false;

  constructor(maxLine: number) {
    this.#maxLine = maxLine;
  }

  /** Bytes of the partial line held. */
  get pending(): number {
    return this.#pending;
  }

  push(chunk: Buffer, onLine: LineHandler, onOverflow: OverflowHandler): void {
    let start = 0;
    for (;;) {
      const end = chunk.indexOf(NEWLINE, start);
      if (end === -1) break;
      if (this.#skipping) {
        this.#skipping = false;
      } else if (this.#pending + end - start > this.#maxLine) {
        const bytes = this.#pending + end - start;
        const lead = this.#lead(chunk, start, end);
        this.#reset();
        onOverflow(bytes, lead);
      } else if (this.#pending === 0) {
        onLine(chunk, start, end);
      } else {
        this.#parts.push(chunk.subarray(start, end));
        const line = Buffer.concat(this.#parts, this.#pending + end - start);
        this.#reset();
        onLine(line, 0, line.length);
      }
      start = end + 1;
    }
    if (start >= chunk.length || this.#skipping) return;
    const rest = chunk.length - start;
    if (this.#pending + rest > this.#maxLine) {
      const bytes = this.#pending + rest;
      const lead = this.#lead(chunk, start, chunk.length);
      this.skipLine();
      onOverflow(bytes, lead);
      return;
    }
    // A view, not a copy: Node does not reuse a chunk it has handed to 'data'.
    this.#parts.push(chunk.subarray(start));
    this.#pending += rest;
  }

  /**
   * Drops the partial line and whatever follows up to the next line end; `atLineEnd`: the caller
   * dropped data that ended with a line end, so the next byte starts a line. Returns the bytes dropped now.
   */
  skipLine(atLineEnd = false): number {
    const dropped = this.#pending;
    this.#reset();
    this.#skipping = !atLineEnd;
    return dropped;
  }

  /** The partial line left at the end of the stream, if any (and not being skipped). */
  rest(): Buffer | undefined {
    if (this.#skipping || this.#pending === 0) return undefined;
    const line = Buffer.concat(this.#parts, this.#pending);
    this.#reset();
    return line;
  }

  clear(): void {
    this.#reset();
    this.#skipping = false;
  }

  /** The first byte of the partial line and `chunk[start, end)` that is not white space. */
  #lead(chunk: Buffer, start: number, end: number): number | undefined {
    for (const part of this.#parts) {
      const byte = leadByte(part, 0, part.length);
      if (byte !== undefined) return byte;
    }
    return leadByte(chunk, start, end);
  }

  #reset(): void {
    this.#parts = [];
    this.#pending = 0;
  }
}
