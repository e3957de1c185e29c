import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isCodedError } from '../../shared/errors';
import { readJsonBody } from './read-body';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real server whose one request's body is read; resolves with what reading it came to. */
async function readOne(send: (port: number) => void): Promise<unknown> {
  let settle: (outcome: unknown) => void = () => undefined;
  const outcome = new Promise<unknown>((resolve) => (settle = resolve));
  server = createServer((request) => {
    readJsonBody(request).then(
      (body) => settle({ body }),
      (error: unknown) => settle(error),
    );
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  send(address.port);
  return outcome;
}

describe('readJsonBody', () => {
  it('reads a whole JSON body', async () => {
    const outcome = await readOne((port) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n{"a":1}'));
      socket.on('error', () => undefined);
    });
    expect(outcome).toEqual({ body: { a: 1 } });
  });

  it('takes a client hanging up mid-body as the client\'s doing (invalid_input), not an internal fault to log', async () => {
    const outcome = await readOne((port) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 60\r\n\r\n{', () => setImmediate(() => socket.destroy()));
      });
      socket.on('error', () => undefined);
    });
    expect(isCodedError(outcome) ? `${outcome.code}: ${outcome.message}` : String(outcome)).toBe('invalid_input: The request ended before its body arrived whole');
  });
});
