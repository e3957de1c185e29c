import { describe, expect, it, vi } from 'vitest';
import { CallResultSchema } from '../../shared/api';
import type { Client } from '@modelcontextprotocol/client';
import type { ConnectionParts } from './slot-calls';
import type { DirectToolCalls } from './direct-calls';
import { asCallResult, toolCall } from './slot-calls';

describe('asCallResult: the SDK-parsed tools/call result is ours as it is', () => {
  it('returns the SDK result itself, with every key, not a copy made by a second parse', () => {
    const result = { content: [{ type: 'text', text: 'Echo: hi', extra: 1 }], structuredContent: { a: 1 }, isError: false, _meta: { k: 'v' } };
    expect(asCallResult(result)).toBe(result);
    expect(asCallResult(result)).toEqual(CallResultSchema.parse(result));
  });

  it('parses any other shape as before: the SDK compatibility form without content is refused', () => {
    expect(() => asCallResult({ toolResult: 'x' })).toThrow();
    expect(() => asCallResult({ content: [], isError: 'yes' })).toThrow();
    expect(() => asCallResult({ content: [], structuredContent: [1] })).toThrow();
  });
});

describe('toolCall: the direct path when it takes the call, the SDK otherwise', () => {
  const context = { server: 'srv', phase: 'call' as const, timeoutMs: 1000 };
  const config = { command: 'x' };
  const viaSdk = { content: [{ type: 'text', text: 'sdk' }] };
  const viaDirect = { content: [{ type: 'text', text: 'direct' }] };

  it('uses DirectToolCalls.call when it returns a promise, and client.callTool when it declines', async () => {
    const callTool = vi.fn(() => Promise.resolve(viaSdk));
    const client = { callTool } as unknown as Client;
    const takes = { direct: { call: vi.fn(() => Promise.resolve(viaDirect)) } as unknown as DirectToolCalls } as ConnectionParts;
    const declines = { direct: { call: vi.fn(() => undefined) } as unknown as DirectToolCalls } as ConnectionParts;
    const run = toolCall('echo', { m: 1 }, context, config);
    await expect(run(client, { timeout: 1000 }, takes)).resolves.toEqual(viaDirect);
    expect(callTool).not.toHaveBeenCalled();
    await expect(run(client, { timeout: 1000 }, declines)).resolves.toEqual(viaSdk);
    await expect(run(client, { timeout: 1000 })).resolves.toEqual(viaSdk);
    expect(callTool).toHaveBeenCalledTimes(2);
  });
});

describe('toolCall on a 2026-07-28 connection: the pool answers the rounds, unless the tool has an output schema', () => {
  const context = { server: 'srv', phase: 'call' as const, timeoutMs: 1000 };
  const config = { command: 'x' };

  it("answers a round under the server's key and retries; a tool with an output schema keeps the SDK's driver", async () => {
    const calls: { params: Record<string, unknown>; manual: boolean }[] = [];
    const callTool = vi.fn((params: Record<string, unknown>, options?: { allowInputRequired?: boolean }) => {
      calls.push({ params, manual: options?.allowInputRequired === true });
      const round = { resultType: 'input_required', inputRequests: { user_name: { method: 'elicitation/create', params: { message: 'name?' } } }, requestState: 's' };
      return Promise.resolve(options?.allowInputRequired === true && params['inputResponses'] === undefined ? round : { content: [{ type: 'text', text: 'done' }] });
    });
    const client = { callTool } as unknown as Client;
    const answerInput = vi.fn(() => Promise.resolve({ action: 'accept', content: { name: 'Ann' } }));
    const run = toolCall('greet', {}, context, config);
    await expect(run(client, { timeout: 1000 }, { answerInput, outputSchemaOf: () => undefined } as unknown as ConnectionParts)).resolves.toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(answerInput).toHaveBeenCalledWith('user_name', 'elicitation/create', { message: 'name?' }, expect.any(AbortSignal));
    expect(calls.map((c) => [c.manual, c.params['inputResponses'], c.params['requestState']])).toEqual([
      [true, undefined, undefined],
      [true, { user_name: { action: 'accept', content: { name: 'Ann' } } }, 's'],
    ]);
    calls.length = 0;
    await run(client, { timeout: 1000 }, { answerInput, outputSchemaOf: () => ({ type: 'object' }) } as unknown as ConnectionParts);
    expect(calls.map((c) => c.manual)).toEqual([false]);
  });
});
