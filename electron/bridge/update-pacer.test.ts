import { describe, expect, it } from 'vitest';
import type { SetTimer } from '../pool';
import { ResourceSubscriptions } from './resource-subscriptions';
import { RESOURCE_UPDATE_GAP_MS, UpdatePacer } from './update-pacer';

/** Timers run only when the test says so. */
function manualTimers(): { setTimer: SetTimer; fire: () => void; armed: () => number[] } {
  const timers = new Map<number, { run: () => void; ms: number }>();
  let next = 0;
  return {
    setTimer: (run, ms) => {
      const id = next++;
      timers.set(id, { run, ms });
      return () => void timers.delete(id);
    },
    fire: () => {
      const due = [...timers.values()];
      timers.clear();
      for (const timer of due) timer.run();
    },
    armed: () => [...timers.values()].map((timer) => timer.ms),
  };
}

describe('UpdatePacer', () => {
  it('sends the first at once, the repeats within the gap as one at its end, and nothing more after a quiet gap', () => {
    const timers = manualTimers();
    const pacer = new UpdatePacer(timers.setTimer);
    let sent = 0;
    for (let i = 0; i < 1_000; i++) pacer.pace('a', () => sent++);
    expect(sent).toBe(1);
    expect(timers.armed()).toEqual([RESOURCE_UPDATE_GAP_MS]);
    timers.fire();
    expect(sent).toBe(2);
    // The gap after that send is quiet: it ends with nothing sent, and the next update goes at once.
    timers.fire();
    expect(sent).toBe(2);
    expect(timers.armed()).toEqual([]);
    pacer.pace('a', () => sent++);
    expect(sent).toBe(3);
  });

  it('paces each key apart, and sends nothing waiting once cleared', () => {
    const timers = manualTimers();
    const pacer = new UpdatePacer(timers.setTimer);
    const sent: string[] = [];
    pacer.pace('a', () => sent.push('a'));
    pacer.pace('b', () => sent.push('b'));
    pacer.pace('a', () => sent.push('a'));
    expect(sent).toEqual(['a', 'b']);
    pacer.clear();
    timers.fire();
    expect(sent).toEqual(['a', 'b']);
  });
});

describe('ResourceSubscriptions, paced', () => {
  it('tells a session of a flood of updates of one resource once now and once at the gap, to whoever holds it then', async () => {
    const timers = manualTimers();
    const pool = { subscribeResource: () => Promise.resolve(), unsubscribeResource: () => Promise.resolve() };
    const subs = new ResourceSubscriptions(pool, new UpdatePacer(timers.setTimer));
    const a = {};
    const b = {};
    const heard: string[] = [];
    await subs.add(a, (uri) => heard.push(`a ${uri}`), 'files', 'file:///x');
    for (let i = 0; i < 500; i++) subs.updated('files', 'file:///x');
    expect(heard).toEqual(['a file:///x']);
    await subs.add(b, (uri) => heard.push(`b ${uri}`), 'files', 'file:///x');
    timers.fire();
    expect(heard).toEqual(['a file:///x', 'a file:///x', 'b file:///x']);
  });
});
