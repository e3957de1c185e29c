import { Transform, type Readable } from 'node:stream';
// The splitter alone, not the pool's index: the shim loads nothing else of the pool.
import { LineSplitter } from '../pool';

const NEWLINE = Buffer.from('\n');

/**
 * The client's input as whole lines of at most `maxLine` bytes, each with its `\n`. A longer line is
 * never held: `onOverlong` hears of it once, as soon as it passes the bound, and the rest of it is
 * dropped up to its end; the lines after it go on as before. A last line without its end is dropped
 * (a stdio message ends with a newline, MCP transports §stdio).
 */
export function boundedLines(input: Readable, maxLine: number, onOverlong: (bytes: number) => void): Readable {
  const splitter = new LineSplitter(maxLine);
  const lines = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      splitter.push(
        chunk,
        (buffer, start, end) => lines.push(Buffer.concat([buffer.subarray(start, end), NEWLINE])),
        onOverlong,
      );
      done();
    },
  });
  input.pipe(lines);
  return lines;
}
