import { describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { readStdin } from './hidden-input';

/** A pipe that yields `chunk` up to `times` times, counting how many were taken. */
function pipe(chunk: string, times: number): { stream: AsyncIterable<Buffer>; taken: () => number } {
  let taken = 0;
  return {
    stream: (async function* () {
      for (let i = 0; i < times; i++) {
        taken += 1;
        yield await Promise.resolve(Buffer.from(chunk));
      }
    })(),
    taken: () => taken,
  };
}

describe('readStdin', () => {
  it('reads a piped value without its final newline', async () => {
    expect(await readStdin(pipe('tok-123\n', 1).stream)).toBe('tok-123');
  });

  it('refuses an endless pipe once past the bound instead of reading it all', async () => {
    const endless = pipe('y\n'.repeat(512), 1_000_000);
    const error = await readStdin(endless.stream, 4096).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).message).toContain('longer than 4 KiB');
    expect(endless.taken()).toBe(5);
  });
});
