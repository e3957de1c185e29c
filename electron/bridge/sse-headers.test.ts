import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headersWithFirstEvent } from './sse-headers';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server whose one answer is written by `answer`; resolves with the client's response once its headers arrive. */
async function exchange(answer: (res: ServerResponse) => void): Promise<IncomingMessage> {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => request({ host: '127.0.0.1', port, method: 'POST' }, resolve).on('error', reject).end());
}

function body(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => resolve(text));
  });
}

describe('headersWithFirstEvent', () => {
  it('keeps flushed SSE headers back until the first event, which carries them', async () => {
    const seen: number[] = [];
    const response = await exchange((res) => {
      headersWithFirstEvent(res, { setTimer: () => undefined });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.flushHeaders();
      seen.push(res.socket?.bytesWritten ?? -1);
      res.end('event: message\ndata: {}\n\n');
    });
    // Nothing reached the socket on flushHeaders: the headers left with the event.
    expect(seen).toEqual([0]);
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(await body(response)).toBe('event: message\ndata: {}\n\n');
  });

  it('sends the headers alone once the delay passes without an event (a long call)', async () => {
    let fire: (() => void) | undefined;
    let delay = 0;
    let answer: ServerResponse | undefined;
    const response = await exchange((res) => {
      answer = res;
      headersWithFirstEvent(res, {
        maxDelayMs: 250,
        setTimer: (run, ms) => {
          fire = run;
          delay = ms;
        },
      });
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.flushHeaders();
      res.flushHeaders();
      expect(res.socket?.bytesWritten).toBe(0);
      fire?.();
      expect(res.socket?.bytesWritten).toBeGreaterThan(0);
    });
    // The client has the headers while the body is still open.
    expect(delay).toBe(250);
    expect(response.statusCode).toBe(200);
    expect(answer?.writableEnded).toBe(false);
    answer?.end('event: message\ndata: {}\n\n');
    expect(await body(response)).toBe('event: message\ndata: {}\n\n');
  });
});
