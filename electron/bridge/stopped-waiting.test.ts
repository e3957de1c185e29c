import { describe, expect, it } from 'vitest';
import { LazyAbort } from '../pool';
import { answerStreamsOf, isStoppedWaiting, StoppedWaiting, waitSignal } from './stopped-waiting';

describe('waitSignal', () => {
  it("is the agent's cancel alone where the transport cannot tell (no AbortSignal made for the answer)", () => {
    const cancel = new LazyAbort();
    expect(waitSignal(cancel, undefined)).toBe(cancel.signal);
    expect(waitSignal(cancel, { stoppedWaiting: () => undefined })).toBe(cancel.signal);
  });

  it('aborts with StoppedWaiting when the answer stream closes, and leaves the call itself running', () => {
    const cancel = new LazyAbort();
    const stream = new AbortController();
    const wait = waitSignal(cancel, { stoppedWaiting: () => stream.signal });
    stream.abort(new StoppedWaiting());
    expect(wait.aborted).toBe(true);
    expect(isStoppedWaiting(wait.reason)).toBe(true);
    expect(cancel.aborted).toBe(false);
  });

  it("aborts with the agent's own reason when the agent cancels", () => {
    const cancel = new LazyAbort();
    const wait = waitSignal(cancel, { stoppedWaiting: () => new AbortController().signal });
    cancel.abort('by the agent');
    expect(wait.aborted).toBe(true);
    expect(isStoppedWaiting(wait.reason)).toBe(false);
  });

  it('is already aborted when the stream closed before the wait began', () => {
    expect(waitSignal(new LazyAbort(), { stoppedWaiting: () => AbortSignal.abort(new StoppedWaiting()) }).aborted).toBe(true);
  });
});

describe('answerStreamsOf', () => {
  it('takes a transport that can tell, and nothing else', () => {
    const streams = { answerGone: () => new AbortController().signal };
    expect(answerStreamsOf(streams)).toBe(streams);
    expect(answerStreamsOf({})).toBeUndefined();
    expect(answerStreamsOf(undefined)).toBeUndefined();
  });
});
