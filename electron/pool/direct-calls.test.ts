import { ProtocolErrorCode as ErrorCode, SdkError, SdkErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadClientSdk, type ClientSdk } from './client-sdk';
import { cancellationOf, LazyAbort } from './cancellation';
import { connectedDirect, directOptions, toolsCallSent, type FakeStdio, type Listed } from '../../test/support/direct-stdio';
import { toPoolError, type ErrorContext } from './map-error';
import { STRING_ID_TEXT } from './invalid-answer';

const context: ErrorContext = { server: 'srv', phase: 'call', what: 'tool "echo"', timeoutMs: 1000 };

let sdk: ClientSdk;
beforeAll(async () => {
  sdk = await loadClientSdk();
});

const connected = (listed: Listed = []): ReturnType<typeof connectedDirect> => connectedDirect(sdk, listed);
const options = directOptions;

afterEach(() => {
  vi.useRealTimers();
});

/** The same answer to a call made the SDK's way and the direct way: what the caller gets from each. */
async function bothWays(answer: (id: number) => JSONRPCMessage, tool = 'echo', before?: (stdio: FakeStdio) => Promise<void>): Promise<[unknown, unknown]> {
  const outcomes: unknown[] = [];
  for (const way of ['sdk', 'direct'] as const) {
    const { stdio, client, direct } = await connected();
    // Listed first, as the pool does at every start: the SDK's callTool reads its listing.
    const listed = client.listTools();
    await toolsCallSent(stdio, 1, 'tools/list');
    stdio.deliver({ jsonrpc: '2.0', id: stdio.lastId(), result: { tools: [{ name: tool, inputSchema: { type: 'object' } }] } });
    await listed;
    await before?.(stdio);
    const call = way === 'sdk' ? client.callTool({ name: tool, arguments: {} }, options()) : direct.call(tool, {}, options());
    expect(call).toBeDefined();
    await toolsCallSent(stdio, 1);
    stdio.deliver(answer(stdio.lastId()));
    outcomes.push(await (call as Promise<unknown>).then((value) => ({ value }), (error: unknown) => toPoolError(error, context)));
  }
  return [outcomes[0], outcomes[1]];
}

describe('DirectToolCalls: tools/call past the SDK request bookkeeping', () => {
  it('takes its ids from the Client’s own counter, so they never collide with the SDK’s requests', async () => {
    const { stdio, client, direct, errors } = await connected();
    const ping = client.ping();
    const call = direct.call('echo', { message: 'hi' }, options());
    const ping2 = client.ping();
    const ids = stdio.out.filter((o) => 'id' in o.message).map((o) => (o.message as { id: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
    const directId = (stdio.out.find((o) => o.via === 'write')?.message as { id: number }).id;
    expect(stdio.out.find((o) => o.via === 'write')?.message).toEqual({ jsonrpc: '2.0', id: directId, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } });
    // Answered out of order: each answer reaches its own caller, the direct one never the SDK.
    stdio.deliver({ jsonrpc: '2.0', id: directId + 1, result: {} });
    stdio.deliver({ jsonrpc: '2.0', id: directId, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
    stdio.deliver({ jsonrpc: '2.0', id: directId - 1, result: {} });
    await expect(call).resolves.toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
    await expect(Promise.all([ping, ping2])).resolves.toHaveLength(2);
    expect(errors).toEqual([]);
    expect(direct.size).toBe(0);
  });

  it('fails a call at once whose answer gives its id as a string, however the SDK would read it as a number', async () => {
    for (const spelled of [(id: number) => String(id), (id: number) => `0${id}`, (id: number) => ` ${id} `]) {
      const { stdio, direct } = await connected();
      const call = direct.call('echo', {}, options());
      stdio.deliver({ jsonrpc: '2.0', id: spelled(stdio.lastId()), result: { content: [] } });
      await expect(call).rejects.toThrow(STRING_ID_TEXT);
      expect(direct.size).toBe(0);
    }
  });

  it('never leaves a call hanging on an answer without a result (the transport’s schema lets none through; if one came)', async () => {
    const { stdio, direct } = await connected();
    const call = direct.call('echo', {}, options());
    stdio.deliver({ jsonrpc: '2.0', id: stdio.lastId() } as unknown as JSONRPCMessage);
    await expect(call).rejects.toMatchObject({ code: ErrorCode.InternalError });
    expect(direct.size).toBe(0);
  });

  it('sends notifications/cancelled at the deadline and fails as the SDK does; a late answer is the SDK’s to drop', async () => {
    vi.useFakeTimers();
    const { stdio, direct, errors } = await connected();
    const call = direct.call('echo', {}, options());
    const outcome = call?.catch((error: unknown) => error);
    const id = stdio.lastId();
    await vi.advanceTimersByTimeAsync(999);
    expect(stdio.cancellations()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(SdkError);
    expect((error as SdkError).code).toBe(SdkErrorCode.RequestTimeout);
    expect(toPoolError(error, context)).toMatchObject({ code: 'timeout', message: 'tool "echo" on "srv" did not answer within 1 s and was cancelled' });
    expect(stdio.cancellations()).toEqual([{ requestId: id, reason: String(error) }]);
    stdio.deliver({ jsonrpc: '2.0', id, result: { content: [] } });
    expect(errors.join()).toContain('unknown message ID');
    expect(direct.size).toBe(0);
  });

  it('times out exactly as the SDK path does', async () => {
    vi.useFakeTimers();
    const outcomes: unknown[] = [];
    for (const way of ['sdk', 'direct'] as const) {
      const { stdio, client, direct } = await connected();
      const call = way === 'sdk' ? client.callTool({ name: 'echo', arguments: {} }, options()) : direct.call('echo', {}, options());
      const outcome = (call as Promise<unknown>).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(1000);
      outcomes.push({ error: toPoolError(await outcome, context), cancelled: stdio.cancellations() });
    }
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it('on the caller’s abort (an AbortSignal or a LazyAbort) sends notifications/cancelled with its reason and stops waiting', async () => {
    for (const kind of ['signal', 'lazy'] as const) {
      const { stdio, direct } = await connected();
      const controller = new AbortController();
      const lazy = new LazyAbort();
      const cancel = kind === 'signal' ? cancellationOf(controller.signal) : lazy;
      const abort = (reason: string): void => (kind === 'signal' ? controller.abort(reason) : lazy.abort(reason));
      const call = direct.call('echo', {}, options(), cancel);
      const id = stdio.lastId();
      abort('the agent went away');
      await expect(call).rejects.toMatchObject({ code: SdkErrorCode.RequestTimeout });
      expect(stdio.cancellations()).toEqual([{ requestId: id, reason: 'the agent went away' }]);
      expect(direct.size).toBe(0);
      // Aborted before it starts: nothing is sent.
      const sent = stdio.out.length;
      expect(() => direct.call('echo', {}, options(), cancel)).toThrow();
      expect(stdio.out.length).toBe(sent);
    }
  });

  it('listens on a LazyAbort without making it an AbortSignal, and stops listening when answered', async () => {
    const { stdio, direct } = await connected();
    const made = vi.spyOn(LazyAbort.prototype, 'signal', 'get');
    const lazy = new LazyAbort();
    const call = direct.call('echo', { message: 'hi' }, options(), lazy);
    stdio.deliver({ jsonrpc: '2.0', id: stdio.lastId(), result: { content: [{ type: 'text', text: 'hi' }] } });
    await expect(call).resolves.toEqual({ content: [{ type: 'text', text: 'hi' }] });
    lazy.abort('after the answer');
    expect(stdio.cancellations()).toEqual([]);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('fails pending calls with ConnectionClosed after the SDK heard of the close, as its own requests fail', async () => {
    const { stdio, client, direct } = await connected();
    const order: string[] = [];
    client.onclose = () => order.push('onclose');
    const call = direct.call('echo', {}, options())?.catch((error: unknown) => {
      order.push('rejected');
      return error;
    });
    const sdkCall = client.callTool({ name: 'echo', arguments: {} }, options()).catch((error: unknown) => error);
    await toolsCallSent(stdio, 2);
    stdio.finish();
    const [directError, sdkError] = await Promise.all([call, sdkCall]);
    expect(order).toEqual(['onclose', 'rejected']);
    expect(directError).toBeInstanceOf(SdkError);
    expect((directError as SdkError).code).toBe(SdkErrorCode.ConnectionClosed);
    expect(toPoolError(directError, context)).toEqual(toPoolError(sdkError, context));
    // Closed: later calls take the SDK's path, which says "Not connected" as before.
    expect(direct.call('echo', {}, options())).toBeUndefined();
  });

  it('rejects with the transport’s own error when the request cannot be written, leaving nothing behind', async () => {
    const { stdio, direct } = await connected();
    stdio.writeError = new Error('EPIPE');
    await expect(direct.call('echo', {}, options())).rejects.toThrow('EPIPE');
    expect(direct.size).toBe(0);
  });

  it('maps error answers, malformed results and good results as the SDK path does', async () => {
    const error = await bothWays((id) => ({ jsonrpc: '2.0', id, error: { code: ErrorCode.InvalidParams, message: 'bad arguments', data: { x: 1 } } }));
    expect(error[1]).toEqual(error[0]);
    expect(error[1]).toMatchObject({ code: 'invalid_input' });
    const missing = await bothWays((id) => ({ jsonrpc: '2.0', id, error: { code: ErrorCode.MethodNotFound, message: 'no such tool' } }));
    expect(missing[1]).toEqual(missing[0]);
    const malformed = await bothWays((id) => ({ jsonrpc: '2.0', id, result: { content: 'not a list' } }));
    expect(malformed[1]).toEqual(malformed[0]);
    expect(malformed[1]).toMatchObject({ code: 'internal' });
    const good = await bothWays((id) => ({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'x' }], structuredContent: { a: 1 }, _meta: { k: 1 } } }));
    expect(good[1]).toEqual(good[0]);
  });

  it('checks structuredContent against the tool’s cached outputSchema with the Client’s validator', async () => {
    const tools = [{ name: 'typed', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] } }];
    const outcomes: unknown[][] = [];
    for (const answer of [{ content: [] }, { content: [], structuredContent: { n: 'x' } }, { content: [], structuredContent: { n: 1 } }, { content: [], isError: true }]) {
      const row: unknown[] = [];
      for (const way of ['sdk', 'direct'] as const) {
        const { stdio, client, direct } = await connected(tools);
        // Listed through the SDK, which keeps the tool for its callTool (the direct path reads the pool's listing).
        const listed = client.listTools();
        await toolsCallSent(stdio, 1, 'tools/list');
        stdio.deliver({ jsonrpc: '2.0', id: stdio.lastId(), result: { tools } });
        await listed;
        const call = way === 'sdk' ? client.callTool({ name: 'typed', arguments: {} }, options()) : direct.call('typed', {}, options());
        await toolsCallSent(stdio, 1);
        expect(stdio.out.filter((o) => o.via === 'write')).toHaveLength(way === 'sdk' ? 0 : 1);
        stdio.deliver({ jsonrpc: '2.0', id: stdio.lastId(), result: answer });
        row.push(await (call as Promise<unknown>).then((value) => ({ value }), (error: unknown) => toPoolError(error, context)));
      }
      outcomes.push(row);
    }
    for (const [sdk, direct] of outcomes) expect(direct).toEqual(sdk);
    const failure = (i: number): { code?: string; message?: string } => outcomes[i]?.[1] as { code?: string; message?: string };
    expect(failure(0).message).toContain('did not return structured content');
    expect(failure(1).code).toBe('internal');
    expect(failure(1).message).toContain("does not match the tool's output schema");
    expect(outcomes[2]?.[1]).toEqual({ value: { content: [], structuredContent: { n: 1 } } });
  });

  it('leaves tools whose output schema does not compile, and 2026-07-28 connections to the SDK (progress: direct-call-progress.test.ts)', async () => {
    const { stdio, direct } = await connected([{ name: 'odd', outputSchema: { type: 'object', properties: { n: { type: 'no-such-type' } } } }]);
    expect(direct.call('odd', {}, options())).toBeUndefined();
    expect(stdio.out.filter((o) => o.via === 'write')).toEqual([]);
    const modern = await connected();
    vi.spyOn(modern.client, 'getProtocolEra').mockReturnValue('modern');
    expect(modern.direct.call('echo', {}, options())).toBeUndefined();
  });
});
