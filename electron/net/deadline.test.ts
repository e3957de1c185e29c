import { afterEach, describe, expect, it, vi } from 'vitest';
import { deadline } from './deadline';

afterEach(() => void vi.useRealTimers());

describe('deadline', () => {
  it('aborts with its reason when the time is up, and not before', () => {
    vi.useFakeTimers();
    const limit = deadline(1000, [], () => new Error('too slow'));
    vi.advanceTimersByTime(999);
    expect(limit.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(limit.signal.aborted).toBe(true);
    expect((limit.signal.reason as Error).message).toBe('too slow');
  });

  it('follows every parent signal, with the parent’s reason; already-aborted parents at once', () => {
    const parent = new AbortController();
    const limit = deadline(60_000, [undefined, parent.signal, null], () => new Error('late'));
    parent.abort(new Error('stopped'));
    expect((limit.signal.reason as Error).message).toBe('stopped');
    limit.clear();
    const early = deadline(60_000, [AbortSignal.abort(new Error('before'))], () => new Error('late'));
    expect((early.signal.reason as Error).message).toBe('before');
    early.clear();
  });

  it('clear() stops the timer and forgets the parents', () => {
    vi.useFakeTimers();
    const parent = new AbortController();
    const limit = deadline(1000, [parent.signal], () => new Error('late'));
    limit.clear();
    vi.advanceTimersByTime(5000);
    parent.abort();
    expect(limit.signal.aborted).toBe(false);
  });
});
