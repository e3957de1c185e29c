import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

describe('KeyedQueue', () => {
  it('runs calls for one key one after another, in call order', async () => {
    const mutex = new KeyedQueue();
    const log: string[] = [];
    let releaseFirst!: () => void;
    const first = mutex.run('k', async () => {
      log.push('first start');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      log.push('first end');
    });
    const second = mutex.run('k', () => {
      log.push('second');
      return Promise.resolve();
    });
    const other = mutex.run('other', () => {
      log.push('other key');
      return Promise.resolve();
    });
    await other;
    expect(log).toEqual(['first start', 'other key']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(log).toEqual(['first start', 'other key', 'first end', 'second']);
  });

  it('a failing call does not block the next one', async () => {
    const mutex = new KeyedQueue();
    await expect(mutex.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run('k', () => Promise.resolve(2))).resolves.toBe(2);
  });

  it('runs tasks of one key in order even when earlier ones fail', async () => {
    const queue = new KeyedQueue();
    const order: number[] = [];
    const slow = queue.run('k', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(1);
      throw new Error('first fails');
    });
    const next = queue.run('k', () => {
      order.push(2);
      return Promise.resolve(2);
    });
    await expect(slow).rejects.toThrow('first fails');
    expect(await next).toBe(2);
    expect(order).toEqual([1, 2]);
    await queue.idle();
  });
});
