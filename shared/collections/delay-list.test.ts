import { describe, expect, it } from 'vitest';
import { DelayList, type Delayed } from './delay-list';

class Entry implements Delayed<Entry> {
  due: number | undefined;
  prev: Entry | undefined;
  next: Entry | undefined;
  constructor(
    readonly name: string,
    readonly elapsedOnes: string[],
  ) {}
  elapsed(): void {
    this.elapsedOnes.push(this.name);
  }
}

/** A clock the test moves by hand, and the timers armed on it. */
function manualClock(): { now: () => number; after: (run: () => void, ms: number) => () => void; armed: Array<{ at: number; run: () => void }>; advance: (ms: number) => void } {
  let time = 0;
  const armed: Array<{ at: number; run: () => void }> = [];
  return {
    now: () => time,
    after: (run, ms) => {
      armed.push({ at: time + ms, run });
      return () => undefined;
    },
    armed,
    advance(ms) {
      time += ms;
      for (let timer = armed.find((t) => t.at <= time); timer; timer = armed.find((t) => t.at <= time)) {
        armed.splice(armed.indexOf(timer), 1);
        timer.run();
      }
    },
  };
}

describe('DelayList', () => {
  it('lets entries elapse the delay after each was added, in order, on one timer at a time', () => {
    const clock = manualClock();
    const list = new DelayList<Entry>(100, clock);
    const out: string[] = [];
    list.add(new Entry('a', out));
    clock.advance(30);
    list.add(new Entry('b', out));
    list.add(new Entry('c', out));
    expect(clock.armed).toHaveLength(1);
    clock.advance(69);
    expect(out).toEqual([]);
    clock.advance(1);
    expect(out).toEqual(['a']);
    // Armed again for the next one only.
    expect(clock.armed).toEqual([{ at: 130, run: expect.any(Function) as unknown }]);
    clock.advance(30);
    expect(out).toEqual(['a', 'b', 'c']);
    expect(list.size).toBe(0);
    expect(clock.armed).toHaveLength(0);
  });

  it('never lets a removed entry elapse, and re-arms for the one left when the first was removed', () => {
    const clock = manualClock();
    const list = new DelayList<Entry>(100, clock);
    const out: string[] = [];
    const [a, b] = [new Entry('a', out), new Entry('b', out)];
    list.add(a);
    clock.advance(50);
    list.add(b);
    list.remove(a);
    list.remove(a);
    expect(a.due).toBeUndefined();
    clock.advance(50);
    expect(out).toEqual([]);
    clock.advance(49);
    expect(out).toEqual([]);
    clock.advance(1);
    expect(out).toEqual(['b']);
  });

  it('arms anew for an entry added once the list had emptied', () => {
    const clock = manualClock();
    const list = new DelayList<Entry>(10, clock);
    const out: string[] = [];
    list.add(new Entry('a', out));
    clock.advance(10);
    list.add(new Entry('b', out));
    clock.advance(10);
    expect(out).toEqual(['a', 'b']);
  });

  it('lets an entry elapse on the default clock (a real, unref’d timer)', async () => {
    const list = new DelayList<Entry>(5);
    const out: string[] = [];
    list.add(new Entry('a', out));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(out).toEqual(['a']);
  });
});
