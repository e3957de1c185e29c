import type { IncomingMessage, ServerResponse } from 'node:http';
import { responseHeaders } from './response-headers';

/** How much of an oversized body is read and dropped after its 413, and for how long, before the connection is cut. */
export const DISCARD_BYTES = 16 * 1024 * 1024;
export const DISCARD_MS = 5_000;

/**
 * Answers 413 with `Connection: close` at once, and ends the answer only once the rest of the body
 * was read and dropped, within a bound. A connection cut under a client still sending (Node's fetch,
 * as the SDK client sends) reaches it as a reset (`write ECONNRESET`), never as the answer: a server
 * that closes reads on until the client is done or a time passes (RFC 9112 §9.6, Tear-down).
 */
export function refuseOversized(req: IncomingMessage, res: ServerResponse, body: string): void {
  res.writeHead(413, responseHeaders('Content-Type', 'application/json', 'Connection', 'close', 'Content-Length', Buffer.byteLength(body)));
  res.write(body);
  let dropped = 0;
  const cleanup = (): void => {
    clearTimeout(timer);
    req.off('data', onData);
    req.off('end', done);
    req.off('close', cleanup);
  };
  const cut = (): void => {
    cleanup();
    req.socket.destroy();
  };
  const onData = (chunk: Buffer): void => {
    dropped += chunk.length;
    if (dropped > DISCARD_BYTES) cut();
  };
  const done = (): void => {
    cleanup();
    res.end();
  };
  const timer = setTimeout(cut, DISCARD_MS);
  timer.unref();
  req.on('data', onData);
  req.once('end', done);
  req.once('close', cleanup);
}
