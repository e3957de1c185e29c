import { describe, expect, it, vi } from 'vitest';
import { CallResultSchema } from '../../shared/api';
import type { Client } from '@modelcontextprotocol/client';
import type { ConnectionParts } from './slot-calls';
import type { DirectToolCalls } from './direct-calls';
import type { ToolRounds } from './tool-rounds';
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

describe('toolCall on a 2026-07-28 connection: through the pool\'s rounds (tool-rounds.ts)', () => {
  const context = { server: 'srv', phase: 'call' as const, timeoutMs: 1000 };
  const config = { command: 'x' };

  it("hands every tool to the connection's ToolRounds, output schema or not, with the request's _meta; client.callTool only without one", async () => {
    const callTool = vi.fn(() => Promise.resolve({ content: [{ type: 'text', text: 'sdk' }] }));
    const client = { callTool } as unknown as Client;
    const call = vi.fn(() => Promise.resolve({ content: [{ type: 'text', text: 'rounds' }] }));
    const conn = { toolRounds: { call } as unknown as ToolRounds } as ConnectionParts;
    const meta = { 'io.modelcontextprotocol/logLevel': 'info' };
    await expect(toolCall('greet', { a: 1 }, context, config)(client, { timeout: 1000 }, conn, undefined, meta)).resolves.toEqual({ content: [{ type: 'text', text: 'rounds' }] });
    expect(call).toHaveBeenCalledWith('greet', { a: 1 }, { timeout: 1000 }, meta);
    expect(callTool).not.toHaveBeenCalled();
    await expect(toolCall('greet', {}, context, config)(client, { timeout: 1000 }, {} as ConnectionParts)).resolves.toEqual({ content: [{ type: 'text', text: 'sdk' }] });
  });
});
