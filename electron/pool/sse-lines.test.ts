import { describe, expect, it } from 'vitest';
import { SseLines } from './sse-lines';

/** The lines `chunks` make, each piece read as it comes; `|` where a chunk held a line's start but not its end. */
function linesOf(chunks: readonly string[]): string[] {
  const lines = new SseLines();
  const found: string[] = [];
  let line = '';
  for (const text of chunks) {
    const chunk = new TextEncoder().encode(text);
    lines.each(chunk, (from, to, ended) => {
      line += new TextDecoder().decode(chunk.subarray(from, to));
      if (ended) {
        found.push(line);
        line = '';
      } else line += '|';
      return true;
    });
  }
  return found;
}

describe('the lines of an SSE stream (WHATWG HTML §9.2.6)', () => {
  it('end in CRLF, LF or a lone CR, blank lines kept', () => {
    expect(linesOf(['a\r\nb\nc\rd\r\r\n\n'])).toEqual(['a', 'b', 'c', 'd', '', '']);
  });

  it('take a CRLF split across chunks for one line end, and a CR then another byte for one too', () => {
    expect(linesOf(['data: 1\r', '\ndata: 2\r', '\r', '\n'])).toEqual(['data: 1', 'data: 2', '']);
    expect(linesOf(['a\r', '', '\nb\r', 'c\n'])).toEqual(['a', 'b', 'c']);
    expect(linesOf(['a', 'b\r', '\r'])).toEqual(['a|b', '']);
  });

  it('stop at the piece that says so', () => {
    const lines = new SseLines();
    const seen: number[] = [];
    expect(lines.each(new TextEncoder().encode('a\rb\rc\r'), (from) => (seen.push(from), from < 2))).toBe(false);
    expect(seen).toEqual([0, 2]);
  });
});
