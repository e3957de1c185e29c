import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boundedLines } from './bounded-lines';

async function collect(chunks: string[], maxLine: number): Promise<{ lines: string; overlong: number[] }> {
  const input = new PassThrough();
  const overlong: number[] = [];
  const lines = boundedLines(input, maxLine, (bytes) => overlong.push(bytes));
  let text = '';
  lines.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const ended = new Promise((resolve) => lines.once('end', resolve));
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await ended;
  return { lines: text, overlong };
}

describe('boundedLines', () => {
  it('hands on whole lines, however the input is cut', async () => {
    expect(await collect(['{"a"', ':1}\n{"b":2}\n{"c"', ':3}\n'], 10)).toEqual({ lines: '{"a":1}\n{"b":2}\n{"c":3}\n', overlong: [] });
  });

  it('refuses a line over the bound once, as soon as it passes it, drops all of it and goes on with the next', async () => {
    const { lines, overlong } = await collect(['ok\n', 'x'.repeat(8), 'x'.repeat(8), 'x'.repeat(8), '\nnext\n'], 10);
    expect(lines).toBe('ok\nnext\n');
    expect(overlong).toEqual([16]);
  });

  it('drops a last line without its end', async () => {
    expect(await collect(['one\ntw', 'o'], 10)).toEqual({ lines: 'one\n', overlong: [] });
  });
});
