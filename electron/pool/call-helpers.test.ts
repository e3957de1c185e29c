import { describe, expect, it, vi } from 'vitest';
import { untilAborted } from './call-helpers';
import { cancellationOf } from './cancellation';

const aborted = (): Error => new Error('aborted');

describe('untilAborted: a call waits for its connection only as long as its caller does', () => {
  it('hands a connection already there back as it is: no promise, no listener on the signal', () => {
    const { signal } = new AbortController();
    const add = vi.spyOn(signal, 'addEventListener');
    const conn = { id: 1 };
    expect(untilAborted(conn, cancellationOf(signal), aborted)).toBe(conn);
    expect(add).not.toHaveBeenCalled();
  });

  it('refuses at once when the caller has already given up, even with the connection there', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(untilAborted({ id: 1 }, cancellationOf(controller.signal), aborted)).rejects.toThrow('aborted');
  });

  it('races a start under way against the signal, and leaves no listener behind when it ends', async () => {
    const controller = new AbortController();
    const add = vi.spyOn(controller.signal, 'addEventListener');
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    await expect(untilAborted(Promise.resolve('started'), cancellationOf(controller.signal), aborted)).resolves.toBe('started');
    expect(add).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledTimes(1);

    let start: (value: string) => void = () => undefined;
    const waiting = untilAborted(new Promise<string>((resolve) => (start = resolve)), cancellationOf(controller.signal), aborted);
    controller.abort();
    await expect(waiting).rejects.toThrow('aborted');
    start('too late');
  });
});
