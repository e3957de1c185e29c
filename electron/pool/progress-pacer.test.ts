import { describe, expect, it } from 'vitest';
import type { CallProgress } from './types';
import { ManualTimers } from '../../test/support/manual-timers';
import { pacedProgress, PROGRESS_BURST, PROGRESS_INTERVAL_MS } from './progress-pacer';

describe('pacedProgress', () => {
  it('passes a burst, then at most one each 100 ms, whatever the server sends; each passed one is the newest then', () => {
    let now = 1_000;
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => now, new ManualTimers().setTimer);
    // 2 a millisecond for a second, as a flooding server sends.
    for (let i = 0; i < 2_000; i++) {
      now = 1_000 + Math.floor(i / 2);
      send({ progress: i, message: 'x'.repeat(500) });
    }
    expect(passed).toHaveLength(PROGRESS_BURST + 1_000 / PROGRESS_INTERVAL_MS - 1);
    expect(passed.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
  });

  it('passes every step of a short task, sent at once', () => {
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => 5, new ManualTimers().setTimer);
    for (let i = 1; i <= 3; i++) send({ progress: i, total: 3 });
    expect(passed.map((p) => p.progress)).toEqual([1, 2, 3]);
  });

  it('the one saying the work is done always passes, the burst spent or not', () => {
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => 5, new ManualTimers().setTimer);
    for (let i = 1; i <= 30; i++) send({ progress: i, total: 30 });
    expect(passed.map((p) => p.progress)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 30]);
  });

  it('refills after a quiet spell, never beyond the burst', () => {
    let now = 0;
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => now, new ManualTimers().setTimer);
    for (let i = 0; i < 20; i++) send({ progress: i });
    now = 60_000;
    for (let i = 20; i < 40; i++) send({ progress: i });
    expect(passed.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]);
  });

  it('lets one done through, not each that says so: a total of 0 or a repeated done is paced like the rest', () => {
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => 5, new ManualTimers().setTimer);
    for (let i = 0; i < 10_000; i++) send({ progress: 1, total: 0 });
    expect(passed).toHaveLength(PROGRESS_BURST);
    const again: CallProgress[] = [];
    const sendAgain = pacedProgress((p) => again.push(p), () => 5, new ManualTimers().setTimer);
    for (let i = 0; i < 10_000; i++) sendAgain({ progress: 3, total: 3 });
    expect(again).toHaveLength(PROGRESS_BURST + 1);
  });

  it('sends the newest held one when the bucket refills, once; a newer one that passed first, or the call\'s end, drops it', () => {
    let now = 0;
    const timers = new ManualTimers();
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => now, timers.setTimer);
    for (let i = 0; i < 15; i++) send({ progress: i });
    expect(passed.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // 10 to 14 were over the rate: one timer waits for the next token, 100 ms after the burst began.
    expect(timers.pending).toEqual([PROGRESS_INTERVAL_MS]);
    // Then a long quiet: the last step is sent when the bucket refills, not lost.
    now = PROGRESS_INTERVAL_MS;
    expect(timers.fireAll()).toBe(1);
    expect(passed.map((p) => p.progress)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14]);
    expect(timers.pending).toEqual([]);
    // Held again; a timer that fires before the clock reached the refill waits again, sending nothing.
    now = PROGRESS_INTERVAL_MS + 10;
    send({ progress: 15 });
    expect(timers.pending).toEqual([PROGRESS_INTERVAL_MS - 10]);
    timers.fireAll();
    expect(passed).toHaveLength(11);
    expect(timers.pending).toEqual([PROGRESS_INTERVAL_MS - 10]);
    // A newer one passing with the refilled bucket makes the held one stale: the timer sends nothing.
    now = 2 * PROGRESS_INTERVAL_MS;
    send({ progress: 16 });
    timers.fireAll();
    expect(passed.map((p) => p.progress).slice(10)).toEqual([14, 16]);
    // Held, then the call ends: nothing is sent after it, and no timer is left.
    send({ progress: 17 });
    expect(timers.pending).toEqual([PROGRESS_INTERVAL_MS]);
    send.end();
    expect(timers.pending).toEqual([]);
    now = 60_000;
    send({ progress: 18 });
    timers.fireAll();
    expect(passed.map((p) => p.progress).slice(10)).toEqual([14, 16]);
  });
});
