import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './keyed-mutex';

describe('KeyedMutex', () => {
  it('runs calls for one key one after another, in call order', async () => {
    const mutex = new KeyedMutex();
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
    const mutex = new KeyedMutex();
    await expect(mutex.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(mutex.run('k', () => Promise.resolve(2))).resolves.toBe(2);
  });
});
