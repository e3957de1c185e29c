import { describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown';

describe('createShutdown', () => {
  it('runs every step in order, once, even after a failure', async () => {
    const order: string[] = [];
    const logs: string[] = [];
    const shutdown = createShutdown(
      () => [
        { name: 'ipc', run: () => void order.push('ipc') },
        {
          name: 'web',
          run: () => {
            order.push('web');
            throw new Error('already closed');
          },
        },
        { name: 'core', run: () => Promise.resolve().then(() => void order.push('core')) },
      ],
      { log: (line) => logs.push(line), deadlineMs: 10_000 },
    );
    const first = shutdown();
    expect(shutdown()).toBe(first);
    await first;
    await shutdown();
    expect(order).toEqual(['ipc', 'web', 'core']);
    expect(logs).toEqual(['web failed while quitting: already closed']);
  });

  it('gives up on a hung step at the deadline and says which', async () => {
    let fire: () => void = () => undefined;
    const logs: string[] = [];
    const shutdown = createShutdown(() => [{ name: 'core', run: () => new Promise<void>(() => undefined) }], {
      log: (line) => logs.push(line),
      deadlineMs: 10_000,
      schedule: (callback) => {
        fire = callback;
        return () => undefined;
      },
    });
    const done = shutdown();
    await Promise.resolve();
    fire();
    await done;
    expect(logs).toEqual(['quitting without waiting longer for: core']);
  });
});
