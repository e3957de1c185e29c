import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { InventoryPart } from './fetch-inventory';
import { LIST_CHANGE_BURST, LIST_CHANGE_MAX_GAP_MS, LIST_CHANGE_MIN_GAP_MS, ListChangePacer } from './list-change-pacer';

function pacer(): { pacer: ListChangePacer; runs: InventoryPart[][]; timers: ManualTimers; clock: { now: number }; throttled: () => number } {
  const timers = new ManualTimers();
  const clock = { now: 0 };
  const runs: InventoryPart[][] = [];
  let throttled = 0;
  const paced = new ListChangePacer({ setTimer: timers.setTimer, now: () => clock.now }, (parts) => runs.push(parts), () => throttled++);
  return { pacer: paced, runs, timers, clock, throttled: () => throttled };
}

/** A ManualTimers whose clock is the test's: `advance` fires what falls due, in order. */
function timed(): { pacer: ListChangePacer; runs: InventoryPart[][]; timers: ManualTimers; throttled: () => number } {
  const timers = new ManualTimers();
  const runs: InventoryPart[][] = [];
  let throttled = 0;
  const paced = new ListChangePacer({ setTimer: timers.setTimer, now: timers.now }, (parts) => runs.push(parts), () => throttled++);
  return { pacer: paced, runs, timers, throttled: () => throttled };
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

  it('bounds a server timing each notification just after the gap passed: a burst, then one per max gap', () => {
    const { pacer: p, runs, timers, throttled } = timed();
    // One notification every 1.01 s for an hour: each comes after the gap, so the gap alone never grows.
    const steps = 3_600;
    for (let i = 0; i < steps; i++) {
      p.notify('tools');
      timers.advance(LIST_CHANGE_MIN_GAP_MS + 10);
    }
    const elapsed = steps * (LIST_CHANGE_MIN_GAP_MS + 10);
    expect(runs.length).toBeLessThanOrEqual(LIST_CHANGE_BURST + Math.ceil(elapsed / LIST_CHANGE_MAX_GAP_MS));
    expect(runs.length).toBeGreaterThanOrEqual(LIST_CHANGE_BURST + Math.floor(elapsed / LIST_CHANGE_MAX_GAP_MS) - 1);
    // Said once, not once per wait.
    expect(throttled()).toBe(1);
  });

  it('lists the last change of a flood once the budget allows, and is told again only after a quiet spell refilled it', () => {
    const { pacer: p, runs, timers, throttled } = timed();
    for (let i = 0; i < LIST_CHANGE_BURST; i++) {
      p.notify('tools');
      timers.advance(LIST_CHANGE_MIN_GAP_MS);
    }
    expect(runs).toHaveLength(LIST_CHANGE_BURST);
    expect(throttled()).toBe(0);
    for (let i = 0; i < 2_000; i++) p.notify(i % 2 === 0 ? 'resources' : 'prompts');
    expect(throttled()).toBe(1);
    expect(runs).toHaveLength(LIST_CHANGE_BURST);
    // The budget's wait, not the gap's: the last notifications are listed together at its end.
    timers.advance(LIST_CHANGE_MAX_GAP_MS);
    expect(runs).toHaveLength(LIST_CHANGE_BURST + 1);
    expect(runs.at(-1)).toEqual(['resources', 'prompts']);
    expect(timers.pending).toHaveLength(0);
    // Still out of budget: the next waits again, and nothing more is said.
    p.notify('tools');
    expect(timers.pending).toHaveLength(1);
    expect(throttled()).toBe(1);
    timers.advance(LIST_CHANGE_MAX_GAP_MS);
    expect(runs.at(-1)).toEqual(['tools']);
    // Quiet long enough for the whole budget to come back: a burst runs at once, and running out is said again.
    timers.advance(LIST_CHANGE_BURST * LIST_CHANGE_MAX_GAP_MS);
    const before = runs.length;
    for (let i = 0; i < LIST_CHANGE_BURST; i++) {
      p.notify('tools');
      expect(runs).toHaveLength(before + i + 1);
      timers.advance(LIST_CHANGE_MIN_GAP_MS + 10);
    }
    expect(throttled()).toBe(1);
    p.notify('tools');
    expect(runs).toHaveLength(before + LIST_CHANGE_BURST);
    expect(throttled()).toBe(2);
  });

  it('keeps the budget across a stop: a server restarted again and again does not refill it', () => {
    const { pacer: p, runs, timers } = timed();
    for (let i = 0; i < LIST_CHANGE_BURST; i++) {
      p.notify('tools');
      p.clear();
      timers.advance(10);
    }
    expect(runs).toHaveLength(LIST_CHANGE_BURST);
    p.notify('tools');
    expect(runs).toHaveLength(LIST_CHANGE_BURST);
    expect(timers.pending).toHaveLength(1);
  });
});
