import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SetTimer } from '../pool';
import { responseHeaders } from './response-headers';

/** How much of an oversized body is read and dropped after its 413, and for how long, before the connection is cut. */
export const DISCARD_BYTES = 16 * 1024 * 1024;
export const DISCARD_MS = 5_000;
/** A client silent this long sends no more (one told by `Expect: 100-continue` to wait never does): cut then. */
export const DISCARD_IDLE_MS = 1_000;

/** The bounds of the drain after a 413, and the timer they run on. */
export interface DiscardBounds {
  bytes: number;
  /** The whole drain. */
  ms: number;
  /** Since the last byte (or the 413, before any). */
  idleMs: number;
  setTimer: SetTimer;
}

/** Unref'd: a drain never keeps the process alive. */
const unrefTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

const DISCARD: DiscardBounds = { bytes: DISCARD_BYTES, ms: DISCARD_MS, idleMs: DISCARD_IDLE_MS, setTimer: unrefTimer };

/**
 * Answers 413 with `Connection: close` at once, and ends the answer only once the rest of the body
 * was read and dropped, within a bound. A connection cut under a client still sending (Node's fetch,
 * as the SDK client sends) reaches it as a reset (`write ECONNRESET`), never as the answer: a server
 * that closes reads on until the client is done or a time passes (RFC 9112 §9.6, Tear-down). A client
 * that sends nothing for `idleMs` is cut then, not held to the whole bound.
 */
export function refuseOversized(req: IncomingMessage, res: ServerResponse, body: string, bounds: DiscardBounds = DISCARD): void {
  res.writeHead(413, responseHeaders('Content-Type', 'application/json', 'Connection', 'close', 'Content-Length', Buffer.byteLength(body)));
  res.write(body);
  let dropped = 0;
  const cleanup = (): void => {
    cancelTimer();
    cancelIdle();
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
    if (dropped > bounds.bytes) {
      cut();
      return;
    }
    cancelIdle();
    cancelIdle = bounds.setTimer(cut, bounds.idleMs);
  };
  const done = (): void => {
    cleanup();
    res.end();
  };
  const cancelTimer = bounds.setTimer(cut, bounds.ms);
  let cancelIdle = bounds.setTimer(cut, bounds.idleMs);
  req.on('data', onData);
  req.once('end', done);
  req.once('close', cleanup);
}
