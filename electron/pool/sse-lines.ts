import { CR, LF } from './json-bytes';

/** Receives `chunk[from, to)` of one line; `ended`: a line end follows it. False stops the chunk. */
export type LinePiece = (from: number, to: number, ended: boolean) => boolean;

/**
 * The lines of an SSE stream as its parser sees them (WHATWG HTML §9.2.6, and eventsource-parser the
 * SDK reads with): a line ends in CRLF, LF or a lone CR, and a CRLF split across chunks is one line
 * end. A meter that missed a lone CR would join events the SDK keeps apart, or carry a string or a
 * depth from one into the next.
 */
export class SseLines {
  /** The last chunk ended in CR: an LF first in the next one ends no line of its own. */
  #afterCr = false;

  /** Hands each piece of a line in `chunk` to `piece`, in order; false once `piece` returned false. */
  each(chunk: Uint8Array, piece: LinePiece): boolean {
    let pos = 0;
    if (this.#afterCr && chunk.length > 0) {
      this.#afterCr = false;
      if (chunk[0] === LF) pos = 1;
    }
    // Each found once and kept until passed: no rescan of the chunk per line.
    let cr = chunk.indexOf(CR, pos);
    let lf = chunk.indexOf(LF, pos);
    while (pos < chunk.length) {
      if (cr !== -1 && cr < pos) cr = chunk.indexOf(CR, pos);
      if (lf !== -1 && lf < pos) lf = chunk.indexOf(LF, pos);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) return piece(pos, chunk.length, false);
      if (!piece(pos, end, true)) return false;
      pos = end + 1;
      if (end === cr) {
        if (pos === chunk.length) this.#afterCr = true;
        else if (chunk[pos] === LF) pos++;
      }
    }
    return true;
  }
}
