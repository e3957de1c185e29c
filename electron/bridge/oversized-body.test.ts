import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { DISCARD_BYTES, DISCARD_IDLE_MS, DISCARD_MS, refuseOversized, type DiscardBounds } from './oversized-body';

const BODY = JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Payload Too Large' }, id: null });

/** A request still sending its body, and the answer to it: only what refuseOversized touches. */
function exchange(bounds?: DiscardBounds): { req: EventEmitter; res: { writeHead: ReturnType<typeof vi.fn>; write: ReturnType<typeof vi.fn>; end: ReturnType<typeof vi.fn> }; destroy: ReturnType<typeof vi.fn> } {
  const destroy = vi.fn();
  const req = Object.assign(new EventEmitter(), { socket: { destroy } });
  const res = { writeHead: vi.fn(), write: vi.fn(), end: vi.fn() };
  refuseOversized(req as unknown as IncomingMessage, res as unknown as ServerResponse, BODY, bounds);
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
    // A byte within each idle bound: only the whole bound ends the drain.
    for (let at = 0; at < DISCARD_MS - 1; at += DISCARD_IDLE_MS / 2) {
      req.emit('data', Buffer.alloc(10));
      vi.advanceTimersByTime(Math.min(DISCARD_IDLE_MS / 2, DISCARD_MS - 1 - at));
    }
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

  it(`cuts a client that sends nothing after the 413 once ${DISCARD_IDLE_MS} ms pass, not the whole ${DISCARD_MS} ms`, () => {
    const { req, destroy } = exchange();
    vi.advanceTimersByTime(DISCARD_IDLE_MS - 1);
    expect(destroy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(listening(req)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drains a client that keeps sending past the idle bound, and cuts it once it falls silent that long (bounds given)', () => {
    const timers = new ManualTimers();
    const { req, res, destroy } = exchange({ bytes: 100, ms: 50, idleMs: 10, setTimer: timers.setTimer });
    for (let i = 0; i < 4; i++) {
      timers.advance(9);
      req.emit('data', Buffer.alloc(1));
    }
    expect(destroy).not.toHaveBeenCalled();
    timers.advance(9);
    expect(destroy).not.toHaveBeenCalled();
    timers.advance(1);
    expect(destroy).toHaveBeenCalledTimes(1);
    expect(res.end).not.toHaveBeenCalled();
    expect(timers.pending).toEqual([]);
    expect(listening(req)).toBe(0);
  });
});
