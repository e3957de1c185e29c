import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support';
import { IdleTimer } from './idle-timer';

function setup(timeoutMs = 500) {
  const timers = new ManualTimers();
  const fired: number[] = [];
  const settings = { timeoutMs };
  const idle = new IdleTimer({ setTimer: timers.setTimer, timeoutMs: () => settings.timeoutMs, onIdle: () => fired.push(1) });
  return { timers, fired, idle, settings };
}

describe('IdleTimer', () => {
  it('fires once the idle time passes after the last use', () => {
    const { timers, fired, idle } = setup();
    idle.arm();
    expect(timers.pending).toEqual([500]);
    timers.fireAll();
    expect(fired).toHaveLength(1);
  });

  it('holds no countdown while a use is in flight, and starts one when the last use ends', () => {
    const { timers, fired, idle } = setup();
    idle.arm();
    const first = idle.use();
    const second = idle.use();
    expect(timers.pending).toEqual([]);
    first();
    first(); // a release counts once
    expect(idle.busy).toBe(true);
    expect(timers.pending).toEqual([]);
    second();
    expect(idle.busy).toBe(false);
    expect(timers.pending).toEqual([500]);
    timers.fireAll();
    expect(fired).toHaveLength(1);
  });

  it('never arms with a timeout of 0', () => {
    const { timers, idle } = setup(0);
    idle.arm();
    idle.use()();
    expect(timers.pending).toEqual([]);
  });

  it('restarts a running countdown with a changed timeout, and leaves a stopped one alone', () => {
    const { timers, idle, settings } = setup();
    idle.rearm();
    expect(timers.pending).toEqual([]);
    idle.arm();
    settings.timeoutMs = 2000;
    idle.rearm();
    expect(timers.pending).toEqual([2000]);
    settings.timeoutMs = 0;
    idle.rearm();
    expect(timers.pending).toEqual([]);
  });

  it('does not stop a server a use began on after the timer was due', () => {
    const { timers, fired, idle } = setup();
    const due: (() => void)[] = [];
    const late = new IdleTimer({
      setTimer: (run) => {
        due.push(run);
        return () => undefined; // a cancel that comes too late
      },
      timeoutMs: () => 500,
      onIdle: () => fired.push(2),
    });
    late.arm();
    const release = late.use();
    due[0]?.();
    expect(fired).toEqual([]);
    release();
    expect(timers.pending).toEqual([]);
    idle.disarm();
  });
});
