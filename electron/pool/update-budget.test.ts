import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { MAX_WAITING_UPDATES, UPDATE_WINDOW_MS, UPDATES_PER_WINDOW, UpdateBudget } from './update-budget';

function budget(): { budget: UpdateBudget; sent: string[]; timers: ManualTimers; dropped: () => number } {
  const timers = new ManualTimers();
  const sent: string[] = [];
  let dropped = 0;
  const paced = new UpdateBudget({ setTimer: timers.setTimer, now: timers.now }, (uri) => sent.push(uri), () => dropped++);
  return { budget: paced, sent, timers, dropped: () => dropped };
}

const uri = (i: number): string => `r://${i}`;

describe('UpdateBudget', () => {
  it('passes on a window of updates of distinct resources at once, and the rest one window later', () => {
    const { budget: b, sent, timers } = budget();
    for (let i = 0; i < UPDATES_PER_WINDOW * 3; i++) b.notify(uri(i));
    expect(sent).toHaveLength(UPDATES_PER_WINDOW);
    expect(timers.pending).toEqual([UPDATE_WINDOW_MS]);
    timers.advance(UPDATE_WINDOW_MS - 1);
    expect(sent).toHaveLength(UPDATES_PER_WINDOW);
    timers.advance(1);
    expect(sent).toHaveLength(UPDATES_PER_WINDOW * 2);
    timers.advance(UPDATE_WINDOW_MS);
    expect(sent).toEqual(Array.from({ length: UPDATES_PER_WINDOW * 3 }, (_, i) => uri(i)));
    expect(timers.pending).toEqual([]);
  });

  it('merges repeats of a waiting resource, so its last update arrives once', () => {
    const { budget: b, sent, timers } = budget();
    for (let i = 0; i < UPDATES_PER_WINDOW; i++) b.notify(uri(i));
    for (let i = 0; i < 1_000; i++) b.notify('r://busy');
    expect(sent).not.toContain('r://busy');
    timers.advance(UPDATE_WINDOW_MS);
    expect(sent.filter((u) => u === 'r://busy')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_WAITING_UPDATES} resources waiting and says once that it dropped others`, () => {
    const { budget: b, sent, timers, dropped } = budget();
    const flood = UPDATES_PER_WINDOW + MAX_WAITING_UPDATES + 50;
    for (let i = 0; i < flood; i++) b.notify(uri(i));
    expect(dropped()).toBe(1);
    while (timers.pending.length > 0) timers.advance(UPDATE_WINDOW_MS);
    expect(sent).toHaveLength(UPDATES_PER_WINDOW + MAX_WAITING_UPDATES);
    // Drained: the next storm is told of again.
    for (let i = 0; i < flood; i++) b.notify(uri(i));
    expect(dropped()).toBe(2);
  });

  it('starts a new window after a quiet one: a trickle is never held back', () => {
    const { budget: b, sent, timers } = budget();
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < UPDATES_PER_WINDOW; i++) b.notify(uri(i));
      timers.advance(UPDATE_WINDOW_MS);
    }
    expect(sent).toHaveLength(UPDATES_PER_WINDOW * 10);
    expect(timers.pending).toEqual([]);
  });

  it('drops the updates waiting when cleared (their server stopped), and keeps the window spent', () => {
    const { budget: b, sent, timers, dropped } = budget();
    const flood = UPDATES_PER_WINDOW + MAX_WAITING_UPDATES + 1;
    for (let i = 0; i < flood; i++) b.notify(uri(i));
    expect(dropped()).toBe(1);
    b.clear();
    expect(timers.pending).toEqual([]);
    // The next connection's updates: the window they land in still counts what went before, and a storm of them is told of anew.
    b.notify('r://new');
    expect(sent).toHaveLength(UPDATES_PER_WINDOW);
    for (let i = 0; i < MAX_WAITING_UPDATES; i++) b.notify(`n://${i}`);
    timers.advance(UPDATE_WINDOW_MS);
    expect(sent.slice(UPDATES_PER_WINDOW, UPDATES_PER_WINDOW + 2)).toEqual(['r://new', 'n://0']);
    expect(sent.slice(UPDATES_PER_WINDOW).filter((u) => u.startsWith('r://'))).toEqual(['r://new']);
    expect(dropped()).toBe(2);
  });
});
