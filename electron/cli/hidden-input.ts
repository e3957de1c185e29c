import { CodedError } from '../../shared/errors';

/** How much of a pipe is read for one value: far above any secret, so the value's own limit speaks first. */
export const MAX_STDIN_BYTES = 1024 * 1024;

/** Everything on standard input (a pipe or file), without the final newline; refused past `max` bytes. */
export async function readStdin(stdin: AsyncIterable<unknown> = process.stdin, max = MAX_STDIN_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stdin) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    length += bytes.byteLength;
    // A pipe that never ends (`yes | …`) must not fill memory before the value is refused.
    if (length > max) throw new CodedError('invalid_input', `Standard input is longer than ${max / 1024} KiB, more than any value here may be; nothing was stored`, { hint: 'Pipe in only the value' });
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed (for secrets and passphrases). */
export function askHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.reject(new CodedError('invalid_input', 'No terminal to ask on; pipe the value on standard input instead'));
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new CodedError('invalid_input', 'Cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
