import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectedDirect, directOptions, type FakeStdio } from '../../test/support/direct-stdio';
import { cancellationOf } from './cancellation';
import { MAX_HELD_MS, type HoldPoint } from './deadline-hold';
import { loadClientSdk, type ClientSdk } from './client-sdk';

let sdk: ClientSdk;
beforeAll(async () => {
  sdk = await loadClientSdk();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The ids of the tools/call requests written so far, in order. */
const callIds = (stdio: FakeStdio): number[] =>
  stdio.out.filter((o) => 'method' in o.message && o.message.method === 'tools/call').map((o) => (o.message as { id: number }).id);
const cancelled = (stdio: FakeStdio): unknown[] => stdio.cancellations().map((c) => (c as { requestId: unknown }).requestId);

describe('DirectToolCalls: deadlines on one timer per connection', () => {
  it('arms one timer for many calls at once, and none for calls made while it is armed', async () => {
    const { stdio, direct } = await connectedDirect(sdk);
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const calls = Array.from({ length: 16 }, (): Promise<unknown> | undefined => direct.call('echo', {}, directOptions({ timeout: 60_000 })));
    expect(timers).toHaveBeenCalledTimes(1);
    for (const id of callIds(stdio)) stdio.deliver({ jsonrpc: '2.0', id, result: { content: [] } });
    await Promise.all(calls.map((call) => call ?? Promise.reject(new Error('took the SDK path'))));
    const more = Array.from({ length: 16 }, (): Promise<unknown> | undefined => direct.call('echo', {}, directOptions({ timeout: 60_000 })));
    expect(timers).toHaveBeenCalledTimes(1);
    for (const id of callIds(stdio).slice(16)) stdio.deliver({ jsonrpc: '2.0', id, result: { content: [] } });
    await Promise.all(more.map((call) => call ?? Promise.reject(new Error('took the SDK path'))));
    expect(direct.size).toBe(0);
  });

  it('times each call out at its own deadline, not at its neighbour’s', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const first = direct.call('echo', {}, directOptions())?.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(400);
    const second = direct.call('echo', {}, directOptions())?.catch((error: unknown) => error);
    const [a, b] = callIds(stdio);
    await vi.advanceTimersByTimeAsync(599);
    expect(cancelled(stdio)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cancelled(stdio)).toEqual([a]);
    expect((await first) as SdkError).toMatchObject({ code: SdkErrorCode.RequestTimeout, data: { timeout: 1000 } });
    await vi.advanceTimersByTimeAsync(399);
    expect(cancelled(stdio)).toEqual([a]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cancelled(stdio)).toEqual([a, b]);
    expect(await second).toBeInstanceOf(SdkError);
    expect(direct.size).toBe(0);
  });

  it('keeps calls of different timeouts apart: each falls due at its own', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const long = direct.call('echo', {}, directOptions({ timeout: 1000 }))?.catch((error: unknown) => error);
    const short = direct.call('echo', {}, directOptions({ timeout: 300 }))?.catch((error: unknown) => error);
    const [longId, shortId] = callIds(stdio);
    await vi.advanceTimersByTimeAsync(300);
    expect(cancelled(stdio)).toEqual([shortId]);
    expect(await short).toMatchObject({ data: { timeout: 300 } });
    await vi.advanceTimersByTimeAsync(700);
    expect(cancelled(stdio)).toEqual([shortId, longId]);
    expect(await long).toMatchObject({ data: { timeout: 1000 } });
  });

  it('an answered or cancelled call is off the deadlines: nothing is sent for it when its time would have come', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const answered = direct.call('echo', {}, directOptions());
    const [id] = callIds(stdio);
    stdio.deliver({ jsonrpc: '2.0', id: id ?? -1, result: { content: [{ type: 'text', text: 'ok' }] } });
    await expect(answered).resolves.toEqual({ content: [{ type: 'text', text: 'ok' }] });
    const controller = new AbortController();
    const aborted = direct.call('echo', {}, directOptions(), cancellationOf(controller.signal))?.catch((error: unknown) => error);
    controller.abort('gone');
    await aborted;
    expect(stdio.cancellations()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(stdio.cancellations()).toHaveLength(1);
    expect(direct.size).toBe(0);
  });
});

describe('DirectToolCalls: a deadline held while the server waits for an answer', () => {
  it('does not run while held, and runs on with the time it had left once released', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const point: HoldPoint = { deadline: undefined };
    const call = direct.call('echo', {}, directOptions({ timeout: 1000 }), undefined, point)?.catch((error: unknown) => error);
    const [id] = callIds(stdio);
    await vi.advanceTimersByTimeAsync(600);
    point.deadline?.hold();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cancelled(stdio)).toEqual([]);
    point.deadline?.release();
    await vi.advanceTimersByTimeAsync(399);
    expect(cancelled(stdio)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cancelled(stdio)).toEqual([id]);
    expect(await call).toMatchObject({ code: SdkErrorCode.RequestTimeout, data: { timeout: 1000 } });
    expect(point.deadline).toBeUndefined();
  });

  it('held twice, then answered: settles with its result and leaves no timer or hold behind', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const point: HoldPoint = { deadline: undefined };
    const call = direct.call('echo', {}, directOptions({ timeout: 1000 }), undefined, point);
    const [id] = callIds(stdio);
    point.deadline?.hold();
    point.deadline?.release();
    await vi.advanceTimersByTimeAsync(500);
    point.deadline?.hold();
    await vi.advanceTimersByTimeAsync(10_000);
    stdio.deliver({ jsonrpc: '2.0', id: id ?? -1, result: { content: [] } });
    await expect(call).resolves.toEqual({ content: [] });
    expect(point.deadline).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cancelled(stdio)).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is held at most MAX_HELD_MS in all: past it the call times out though still held', async () => {
    vi.useFakeTimers();
    const { stdio, direct } = await connectedDirect(sdk);
    const point: HoldPoint = { deadline: undefined };
    const call = direct.call('echo', {}, directOptions({ timeout: 1000 }), undefined, point)?.catch((error: unknown) => error);
    const [id] = callIds(stdio);
    point.deadline?.hold();
    await vi.advanceTimersByTimeAsync(MAX_HELD_MS / 2);
    point.deadline?.release();
    point.deadline?.hold();
    await vi.advanceTimersByTimeAsync(MAX_HELD_MS / 2 + 999);
    expect(cancelled(stdio)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cancelled(stdio)).toEqual([id]);
    expect(await call).toMatchObject({ code: SdkErrorCode.RequestTimeout });
  });
});

