import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCARD_BYTES, DISCARD_MS, refuseOversized } from './oversized-body';

const BODY = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Payload Too Large' }, id: null });

/** A request still sending its body, and the answer to it: only what refuseOversized touches. */
function exchange(): { req: EventEmitter; res: { writeHead: ReturnType<typeof vi.fn>; write: ReturnType<typeof vi.fn>; end: ReturnType<typeof vi.fn> }; destroy: ReturnType<typeof vi.fn> } {
  const destroy = vi.fn();
  const req = Object.assign(new EventEmitter(), { socket: { destroy } });
  const res = { writeHead: vi.fn(), write: vi.fn(), end: vi.fn() };
  refuseOversized(req as unknown as IncomingMessage, res as unknown as ServerResponse, BODY);
  return { req, res, destroy };
}

function listening(req: EventEmitter): number {
  return req.listenerCount('data') + req.listenerCount('end') + req.listenerCount('close');
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('refuseOversized', () => {
  it('answers 413 with Connection: close and its body at once, and ends the answer when the body has all arrived', () => {
    const { req, res, destroy } = exchange();
    expect(res.writeHead).toHaveBeenCalledWith(413, expect.arrayContaining(['Connection', 'close', 'Content-Length', Buffer.byteLength(BODY)]));
    expect(res.write).toHaveBeenCalledWith(BODY);
    expect(res.end).not.toHaveBeenCalled();
    req.emit('data', Buffer.alloc(1024));
    req.emit('end');
    expect(res.end).toHaveBeenCalledTimes(1);
    expect(destroy).not.toHaveBeenCalled();
    expect(listening(req)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`reads and drops up to ${DISCARD_BYTES} bytes, and cuts the connection past them`, () => {
    const { req, res, destroy } = exchange();
    req.emit('data', Buffer.alloc(DISCARD_BYTES - 1));
    req.emit('data', Buffer.alloc(1));
    expect(destroy).not.toHaveBeenCalled();
    req.emit('data', Buffer.alloc(1));
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(res.end).not.toHaveBeenCalled();
    expect(listening(req)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`cuts the connection of a body still arriving after ${DISCARD_MS} ms`, () => {
    const { req, res, destroy } = exchange();
    req.emit('data', Buffer.alloc(10));
    vi.advanceTimersByTime(DISCARD_MS - 1);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(res.end).not.toHaveBeenCalled();
    expect(listening(req)).toBe(0);
  });

  it('leaves no timer and no listener once the request closed early', () => {
    const { req, res, destroy } = exchange();
    req.emit('data', Buffer.alloc(10));
    req.emit('close');
    expect(vi.getTimerCount()).toBe(0);
    expect(listening(req)).toBe(0);
    vi.advanceTimersByTime(DISCARD_MS);
    expect(destroy).not.toHaveBeenCalled();
    expect(res.end).not.toHaveBeenCalled();
  });
});
