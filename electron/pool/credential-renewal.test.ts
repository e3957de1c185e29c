import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support';
import { RenewalGate } from './credential-renewal';

function gate() {
  const timers = new ManualTimers();
  const events: string[] = [];
  let finish: () => void = () => undefined;
  const renewal = new RenewalGate({
    setTimer: timers.setTimer,
    now: () => 1_000_000,
    log: (line) => events.push(`log ${line}`),
    renew: () => {
      events.push('renew');
      return new Promise<void>((resolve) => (finish = () => (events.push('renewed'), resolve())));
    },
  });
  return { timers, events, renewal, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RenewalGate: a program is renewed between calls, never during one', () => {
  it('schedules the renewal at the time asked for (at least the minimum delay ahead)', () => {
    const { timers, renewal } = gate();
    renewal.schedule(1_060_000);
    expect(timers.pending).toEqual([60_000]);
    renewal.schedule(999_000);
    expect(timers.pending).toEqual([2000]);
    renewal.cancel();
    expect(timers.pending).toEqual([]);
  });

  it('waits for the call in flight, holds new calls while renewing, then lets them go', async () => {
    const { timers, events, renewal, finish } = gate();
    const release = renewal.use();
    await renewal.whenOpen();
    renewal.schedule(1_010_000);
    timers.fireAll();
    await tick();
    // Due, but a call is in flight: nothing happens to the program yet.
    expect(events).toEqual([]);

    const second = renewal.use();
    let secondIn = false;
    const waiting = renewal.whenOpen().then(() => (secondIn = true));
    await tick();
    expect(secondIn).toBe(false);
    expect(events).toEqual([]);

    release();
    await tick();
    expect(events).toEqual(['renew']);
    expect(secondIn).toBe(false);
    finish();
    await waiting;
    expect(events).toEqual(['renew', 'renewed']);
    expect(secondIn).toBe(true);
    second();
  });

  it('renews at once when idle, and a failed renewal still opens the gate', async () => {
    const timers = new ManualTimers();
    const lines: string[] = [];
    const renewal = new RenewalGate({ setTimer: timers.setTimer, now: () => 0, log: (l) => lines.push(l), renew: () => Promise.reject(new Error('no token')) });
    renewal.schedule(10_000);
    timers.fireAll();
    const release = renewal.use();
    await renewal.whenOpen();
    release();
    expect(lines).toEqual(['renewing a credential failed: Error: no token']);
  });

  it('is open (a call goes on at once, without waiting) only while no renewal is due or running', async () => {
    const { timers, renewal, finish } = gate();
    expect(renewal.open).toBe(true);
    const release = renewal.use();
    renewal.schedule(1_010_000);
    timers.fireAll();
    // Due, held back by the call in flight: new calls must wait.
    expect(renewal.open).toBe(false);
    release();
    await tick();
    expect(renewal.open).toBe(false);
    finish();
    await renewal.whenOpen();
    expect(renewal.open).toBe(true);
  });
});
