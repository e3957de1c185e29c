import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientSdk, type ClientSdk } from './client-sdk';
import { connectedDirect, directOptions, toolsCallSent, type FakeStdio } from '../../test/support/direct-stdio';

let sdk: ClientSdk;
beforeAll(async () => {
  sdk = await loadClientSdk();
});

interface Outcome {
  /** How the request left (the SDK's send or the direct write) and its params. */
  sent: { via: string; params: unknown } | undefined;
  progress: unknown[];
  errors: string[];
  result: unknown;
}

const progressOf = (token: number | string, params: Record<string, unknown>): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token, ...params } });

/**
 * One tools/call with a progress listener made the SDK's way and the direct way, the same server
 * messages delivered to each (`script`, given the call's id): what each caller heard.
 */
async function bothWays(script: (id: number) => JSONRPCMessage[], listener: (progress: unknown, heard: unknown[]) => void = (p, heard) => heard.push(p)): Promise<Record<'sdk' | 'direct', Outcome>> {
  const outcomes: Partial<Record<'sdk' | 'direct', Outcome>> = {};
  for (const way of ['sdk', 'direct'] as const) {
    const { stdio, client, direct, errors } = await connectedDirect(sdk, []);
    const progress: unknown[] = [];
    const options = directOptions({ onprogress: (p) => listener(p, progress) });
    const call = way === 'sdk' ? client.callTool({ name: 'echo', arguments: { message: 'hi' } }, options) : direct.call('echo', { message: 'hi' }, options);
    expect(call, `${way}: the call takes this path`).toBeDefined();
    await toolsCallSent(stdio, 1);
    const request = stdio.out.find((o: FakeStdio['out'][number]) => 'method' in o.message && o.message.method === 'tools/call');
    // As the stdio transport's MessagePump delivers: after a notification the next message waits a turn.
    for (const message of script(stdio.lastId())) {
      stdio.deliver(message);
      if (!('id' in message)) await new Promise((resolve) => setImmediate(resolve));
    }
    const result = await (call as Promise<unknown>);
    // The SDK hands notifications on in a microtask; let every one arrive.
    await new Promise((resolve) => setImmediate(resolve));
    outcomes[way] = { sent: request && { via: request.via, params: (request.message as { params?: unknown }).params }, progress, errors, result };
  }
  return outcomes as Record<'sdk' | 'direct', Outcome>;
}

describe('DirectToolCalls: a call that asks for progress', () => {
  it('asks and hears progress as the SDK does: its id as the token, each notification for it to the listener, the rest reported alike', async () => {
    const { sdk: viaSdk, direct } = await bothWays((id) => [
      progressOf(id, { progress: 1, total: 3, message: 'one' }),
      // Another token, a malformed one for this call: not the call's; the SDK reports both.
      progressOf(id + 100, { progress: 1 }),
      progressOf(id, { progress: 'two' }),
      progressOf(String(id), { progress: 2 }),
      { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'Echo: hi' }] } },
      // After the answer: nobody listens any more.
      progressOf(id, { progress: 3 }),
    ]);
    expect(direct.sent?.via).toBe('write');
    expect(viaSdk.sent?.via).toBe('send');
    expect(direct.sent?.params).toEqual(viaSdk.sent?.params);
    expect((direct.sent?.params as { _meta?: { progressToken?: unknown } } | undefined)?._meta?.progressToken).toBeTypeOf('number');
    expect(direct.progress).toEqual([{ progress: 1, total: 3, message: 'one' }, { progress: 2 }]);
    expect(direct.progress).toEqual(viaSdk.progress);
    expect(direct.errors).toHaveLength(3);
    expect(direct.errors).toEqual(viaSdk.errors);
    expect(direct.result).toEqual({ content: [{ type: 'text', text: 'Echo: hi' }] });
    expect(direct.result).toEqual(viaSdk.result);
  });

  it('reports a listener that throws as the SDK does, and the call goes on', async () => {
    const listener = (progress: unknown, heard: unknown[]): void => {
      heard.push(progress);
      if (heard.length === 1) throw new Error('listener failed');
    };
    const { sdk: viaSdk, direct } = await bothWays((id) => [progressOf(id, { progress: 1 }), progressOf(id, { progress: 2 }), { jsonrpc: '2.0', id, result: { content: [] } }], listener);
    expect(direct.progress).toEqual([{ progress: 1 }, { progress: 2 }]);
    expect(direct.errors).toEqual(['Uncaught error in notification handler: Error: listener failed']);
    expect(direct.errors).toEqual(viaSdk.errors);
    expect(direct.result).toEqual(viaSdk.result);
  });

  it('leaves a deadline that progress would extend, or a total deadline, to the SDK', async () => {
    const { stdio, direct } = await connectedDirect(sdk, []);
    expect(direct.call('echo', {}, directOptions({ onprogress: () => undefined, resetTimeoutOnProgress: true }))).toBeUndefined();
    expect(direct.call('echo', {}, directOptions({ maxTotalTimeout: 5000 }))).toBeUndefined();
    expect(stdio.out.filter((o) => o.via === 'write')).toEqual([]);
  });
});
