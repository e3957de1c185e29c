import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyAbort } from './cancellation';
import { DeadlinePassed, HeldDeadline, MAX_HELD_MS } from './deadline-hold';

afterEach(() => {
  vi.useRealTimers();
});

describe('HeldDeadline: a deadline that stops while the call waits for an answer', () => {
  it('aborts its signal with DeadlinePassed when its time runs out', async () => {
    vi.useFakeTimers();
    const deadline = new HeldDeadline(1_000, undefined);
    await vi.advanceTimersByTimeAsync(999);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.reason).toBeInstanceOf(DeadlinePassed);
    expect((deadline.signal.reason as DeadlinePassed).timeoutMs).toBe(1_000);
  });

  it('does not count the time held, and runs on with what it had left once released', async () => {
    vi.useFakeTimers();
    const deadline = new HeldDeadline(1_000, undefined);
    await vi.advanceTimersByTimeAsync(600);
    deadline.hold();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(deadline.signal.aborted).toBe(false);
    deadline.release();
    await vi.advanceTimersByTimeAsync(399);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.reason).toBeInstanceOf(DeadlinePassed);
  });

  it('stays held until every hold is released (two questions at once)', async () => {
    vi.useFakeTimers();
    const deadline = new HeldDeadline(1_000, undefined);
    deadline.hold();
    deadline.hold();
    deadline.release();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deadline.signal.aborted).toBe(false);
    deadline.release();
    // A release more than the holds changes nothing.
    deadline.release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(deadline.signal.aborted).toBe(true);
  });

  it("follows the caller's cancellation with its reason", () => {
    const cancel = new LazyAbort();
    const deadline = new HeldDeadline(60_000, cancel);
    const reason = new Error('the agent cancelled');
    cancel.abort(reason);
    expect(deadline.signal.reason).toBe(reason);
    deadline.stop();
  });

  it('once stopped, neither fires nor restarts when a late hold is released', async () => {
    vi.useFakeTimers();
    const deadline = new HeldDeadline(1_000, undefined);
    deadline.hold();
    deadline.stop();
    deadline.release();
    deadline.hold();
    deadline.release();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deadline.signal.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  // A hostile-agent review: a server asking again before each question's limit held a call for ever.
  it('stands still for at most MAX_HELD_MS over every hold, then passes', async () => {
    vi.useFakeTimers();
    const deadline = new HeldDeadline(1_000, undefined);
    await vi.advanceTimersByTimeAsync(400);
    deadline.hold();
    await vi.advanceTimersByTimeAsync(MAX_HELD_MS / 2);
    deadline.release();
    deadline.hold();
    // Half the allowance and the 600 ms the deadline had left are still to come.
    await vi.advanceTimersByTimeAsync(MAX_HELD_MS / 2 + 599);
    expect(deadline.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(deadline.signal.reason).toBeInstanceOf(DeadlinePassed);
    deadline.stop();
  });
});

