import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { InventoryPart } from './fetch-inventory';
import { LIST_CHANGE_MAX_GAP_MS, LIST_CHANGE_MIN_GAP_MS, ListChangePacer } from './list-change-pacer';

function pacer(): { pacer: ListChangePacer; runs: InventoryPart[][]; timers: ManualTimers; clock: { now: number } } {
  const timers = new ManualTimers();
  const clock = { now: 0 };
  const runs: InventoryPart[][] = [];
  return { pacer: new ListChangePacer({ setTimer: timers.setTimer, now: () => clock.now }, (parts) => runs.push(parts)), runs, timers, clock };
}

describe('ListChangePacer', () => {
  it('lists at once after a quiet spell, and once for everything that came before the gap passed', () => {
    const { pacer: p, runs, timers, clock } = pacer();
    p.notify('tools');
    expect(runs).toEqual([['tools']]);
    clock.now = 10;
    for (let i = 0; i < 100; i++) p.notify('tools');
    p.notify('prompts');
    expect(runs).toHaveLength(1);
    expect(timers.pending).toEqual([LIST_CHANGE_MIN_GAP_MS - 10]);
    clock.now = LIST_CHANGE_MIN_GAP_MS;
    timers.fireAll();
    expect(runs).toEqual([['tools'], ['tools', 'prompts']]);
  });

  it('doubles the gap while notifications keep coming, up to the most, and starts again from the least after quiet', () => {
    const { pacer: p, runs, timers, clock } = pacer();
    p.notify('tools');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      p.notify('tools');
      const [wait] = timers.pending;
      if (wait === undefined) throw new Error('no timer pending');
      waits.push(wait);
      clock.now += wait;
      timers.fireAll();
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(runs).toHaveLength(9);
    expect(Math.max(...waits)).toBe(LIST_CHANGE_MAX_GAP_MS);
    // Quiet for a whole gap past the time the next was allowed: at once, and the gap is the least again.
    clock.now += 2 * LIST_CHANGE_MAX_GAP_MS;
    p.notify('resources');
    expect(runs).toHaveLength(10);
    p.notify('resources');
    expect(timers.pending).toEqual([LIST_CHANGE_MIN_GAP_MS]);
  });

  it('forgets what waited when the server stops, and its next connection starts afresh', () => {
    const { pacer: p, runs, timers } = pacer();
    p.notify('tools');
    p.notify('tools');
    expect(timers.pending).toHaveLength(1);
    p.clear();
    expect(timers.pending).toHaveLength(0);
    p.notify('prompts');
    expect(runs).toEqual([['tools'], ['prompts']]);
  });
});
