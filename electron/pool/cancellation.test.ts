import { describe, expect, it } from 'vitest';
import { cancellationOf, LazyAbort } from './cancellation';

describe('LazyAbort: a cancellation that makes its AbortSignal only when asked', () => {
  it('runs each listener once on abort, not after its remover, and keeps the reason', () => {
    const lazy = new LazyAbort();
    const heard: string[] = [];
    lazy.onAbort(() => heard.push('first'));
    const remove = lazy.onAbort(() => heard.push('removed'));
    lazy.onAbort(() => heard.push('third'));
    remove();
    lazy.abort('gone');
    lazy.abort('again');
    expect(heard).toEqual(['first', 'third']);
    expect(lazy.aborted).toBe(true);
    expect(lazy.reason).toBe('gone');
    // As an AbortSignal: a listener added after the abort never runs.
    lazy.onAbort(() => heard.push('late'));
    expect(heard).toEqual(['first', 'third']);
  });

  it('gives the signal made before an abort that abort, and one made after it the same reason', () => {
    const before = new LazyAbort();
    const signal = before.signal;
    expect(signal.aborted).toBe(false);
    before.abort('stop');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('stop');
    expect(before.signal).toBe(signal);

    const after = new LazyAbort();
    after.abort();
    // No reason: an AbortError, as AbortController.abort() gives.
    expect(after.reason).toBeInstanceOf(DOMException);
    expect((after.reason as DOMException).name).toBe('AbortError');
    expect(after.signal.aborted).toBe(true);
    expect(after.signal.reason).toBe(after.reason);
  });
});

describe('cancellationOf', () => {
  it('takes a LazyAbort as it is and an AbortSignal through its listeners', () => {
    const lazy = new LazyAbort();
    expect(cancellationOf(lazy)).toBe(lazy);
    expect(cancellationOf(undefined)).toBeUndefined();
    const controller = new AbortController();
    const cancel = cancellationOf(controller.signal);
    const heard: unknown[] = [];
    const remove = cancel.onAbort(() => heard.push(cancel.reason));
    cancel.onAbort(() => heard.push('kept'));
    remove();
    controller.abort('bye');
    expect(heard).toEqual(['kept']);
    expect(cancel.aborted).toBe(true);
    expect(cancel.signal).toBe(controller.signal);
  });

  it('wraps an AbortSignal of another realm too (by its shape, not instanceof)', () => {
    const added: string[] = [];
    const foreign = { aborted: false, reason: undefined, addEventListener: (type: string) => added.push(type), removeEventListener: () => undefined };
    const cancel = cancellationOf(foreign as unknown as AbortSignal);
    cancel.onAbort(() => undefined);
    expect(added).toEqual(['abort']);
    expect(cancel.signal).toBe(foreign);
  });
});
