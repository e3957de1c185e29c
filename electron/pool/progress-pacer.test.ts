import { describe, expect, it } from 'vitest';
import type { CallProgress } from './types';
import { pacedProgress, PROGRESS_INTERVAL_MS } from './progress-pacer';

describe('pacedProgress', () => {
  it('passes at most one each 100 ms, whatever the server sends; each passed one is the newest then', () => {
    let now = 1_000;
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => now);
    // 2 a millisecond for a second, as a flooding server sends.
    for (let i = 0; i < 2_000; i++) {
      now = 1_000 + Math.floor(i / 2);
      send({ progress: i, message: 'x'.repeat(500) });
    }
    expect(passed).toHaveLength(1_000 / PROGRESS_INTERVAL_MS);
    expect(passed.map((p) => p.progress)).toEqual([0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
  });

  it('the one saying the work is done always passes', () => {
    const passed: CallProgress[] = [];
    const send = pacedProgress((p) => passed.push(p), () => 5);
    send({ progress: 1, total: 3 });
    send({ progress: 2, total: 3 });
    send({ progress: 3, total: 3 });
    expect(passed.map((p) => p.progress)).toEqual([1, 3]);
  });
});
