import { describe, expect, it } from 'vitest';
import { oneAtATime, runNow } from './one-at-a-time';

/** A `next` the test turns by hand, and a task it settles by hand. */
function turns(): { next: (run: () => void) => void; turn: () => void; waiting: () => number } {
  const queued: Array<() => void> = [];
  return { next: (run) => void queued.push(run), turn: () => queued.shift()?.(), waiting: () => queued.length };
}

function deferred(): { promise: Promise<string>; resolve: (v: string) => void; reject: (e: Error) => void } {
  let resolve!: (v: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('oneAtATime', () => {
  it('starts each task after its turn, and the next only when the one before has settled', async () => {
    const { next, turn, waiting } = turns();
    const schedule = oneAtATime(next);
    const started: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = schedule(() => (started.push('a'), first.promise));
    const b = schedule(() => (started.push('b'), second.promise));
    await settle();
    expect(started).toEqual([]);
    expect(waiting()).toBe(1);
    turn();
    await settle();
    expect(started).toEqual(['a']);
    // b has no turn while a runs.
    expect(waiting()).toBe(0);
    first.resolve('A');
    await expect(a).resolves.toBe('A');
    await settle();
    expect(started).toEqual(['a']);
    turn();
    await settle();
    expect(started).toEqual(['a', 'b']);
    second.resolve('B');
    await expect(b).resolves.toBe('B');
  });

  it('rejects a failed task for its caller and goes on with the next', async () => {
    const schedule = oneAtATime();
    const failed = schedule(() => Promise.reject(new Error('unreadable')));
    const after = schedule(() => Promise.resolve('read'));
    await expect(failed).rejects.toThrow('unreadable');
    await expect(after).resolves.toBe('read');
  });

  it('lets I/O and timers waiting before a turn run first', async () => {
    const schedule = oneAtATime();
    const order: string[] = [];
    const tasks = [1, 2, 3].map((n) => schedule(() => Promise.resolve(order.push(`task ${n}`))));
    setImmediate(() => order.push('other work'));
    await Promise.all(tasks);
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('task 2'));
  });

  it('runNow runs at once', async () => {
    let ran = false;
    const done = runNow(() => Promise.resolve((ran = true)));
    expect(ran).toBe(true);
    await expect(done).resolves.toBe(true);
  });
});
