import { describe, expect, it, vi } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { loadClientSdk } from './client-sdk';
import type { ListedTool } from './output-validators';
import { RPC_ERROR } from './rpc-codes';
import type { AnswerInput } from './server-rounds';
import { ToolRounds } from './tool-rounds';

// A 2026-07-28 server's tools/call through the pool's rounds (MCP 2026-07-28 basic/patterns/mrtr),
// a tool with an output schema included: the round is never checked against the schema, the final result is.
const sdk = await loadClientSdk();
const inputSchema = { type: 'object', properties: { city: { type: 'string' } } };
const outputSchema = { type: 'object', properties: { temp: { type: 'number' } }, required: ['temp'] };
const round = { resultType: 'input_required', inputRequests: { unit: { method: 'elicitation/create', params: { message: 'unit?' } } }, requestState: 's1' };

interface Leg {
  params: Record<string, unknown>;
  options: { allowInputRequired?: boolean; toolDefinition?: Record<string, unknown> };
}

/** A client whose callTool asks once, then answers `final`; its legs are recorded. */
function asking(final: Record<string, unknown>): { client: Client; legs: Leg[] } {
  const legs: Leg[] = [];
  const callTool = vi.fn((params: Record<string, unknown>, options: Leg['options']) => {
    legs.push({ params, options });
    return Promise.resolve(params['inputResponses'] === undefined ? round : final);
  });
  return { client: { callTool } as unknown as Client, legs };
}

const answer: AnswerInput = Object.assign(() => Promise.resolve({ action: 'accept', content: { unit: 'C' } }), { admitRound: () => undefined });

function rounds(client: Client, listed: Record<string, ListedTool>): ToolRounds {
  return new ToolRounds(client, sdk, (tool) => listed[tool], answer);
}

describe('ToolRounds', () => {
  it("answers a tool's round without an output schema as callTool's manual mode, with its listed definition (callTool never lists the tools itself)", async () => {
    const { client, legs } = asking({ content: [{ type: 'text', text: 'done' }] });
    const result = await rounds(client, { greet: { inputSchema } }).call('greet', {}, { timeout: 1000 });
    expect(result).toEqual({ content: [{ type: 'text', text: 'done' }] });
    expect(legs.map((l) => [l.options.allowInputRequired, l.options.toolDefinition, l.params['inputResponses'], l.params['requestState']])).toEqual([
      [true, { name: 'greet', inputSchema }, undefined, undefined],
      [true, { name: 'greet', inputSchema }, { unit: { action: 'accept', content: { unit: 'C' } } }, 's1'],
    ]);
  });

  it('sends a tool it never listed with an empty input schema of its own, so callTool mirrors nothing and lists nothing', async () => {
    const { client, legs } = asking({ content: [] });
    await rounds(client, {}).call('unlisted', {}, { timeout: 1000 });
    expect(legs.map((l) => l.options.toolDefinition)).toEqual([
      { name: 'unlisted', inputSchema: { type: 'object' } },
      { name: 'unlisted', inputSchema: { type: 'object' } },
    ]);
  });

  it('sends a tool with an output schema with its listed input schema and without its output schema on every leg, _meta kept', async () => {
    const final = { content: [], structuredContent: { temp: 21 } };
    const { client, legs } = asking(final);
    const meta = { 'io.modelcontextprotocol/logLevel': 'info' };
    await expect(rounds(client, { weather: { inputSchema, outputSchema } }).call('weather', { city: 'Oslo' }, { timeout: 1000 }, meta)).resolves.toBe(final);
    expect(legs).toHaveLength(2);
    for (const leg of legs) {
      expect(leg.options).toMatchObject({ allowInputRequired: true, timeout: 1000, toolDefinition: { name: 'weather', inputSchema } });
      expect(leg.options.toolDefinition).not.toHaveProperty('outputSchema');
      expect(leg.params).toMatchObject({ name: 'weather', arguments: { city: 'Oslo' }, _meta: meta });
    }
    expect(legs[1]?.params['requestState']).toBe('s1');
  });

  it("refuses a final result that breaks the output schema with callTool's own error", async () => {
    const { client } = asking({ content: [], structuredContent: { temp: 'warm' } });
    const refused = rounds(client, { weather: { inputSchema, outputSchema } }).call('weather', {}, { timeout: 1000 });
    await expect(refused).rejects.toBeInstanceOf(sdk.ProtocolError);
    await expect(refused).rejects.toMatchObject({ code: RPC_ERROR.InvalidParams, message: expect.stringContaining("Structured content does not match the tool's output schema:") as unknown });
  });

  it('refuses a final result without structured content, and passes a tool error without it', async () => {
    const bare = asking({ content: [{ type: 'text', text: 'no structure' }] });
    await expect(rounds(bare.client, { weather: { inputSchema, outputSchema } }).call('weather', {}, { timeout: 1000 })).rejects.toMatchObject({
      code: RPC_ERROR.InvalidRequest,
      message: expect.stringContaining('Tool weather has an output schema but did not return structured content') as unknown,
    });
    const toolError = { content: [{ type: 'text', text: 'no such city' }], isError: true };
    const failed = asking(toolError);
    await expect(rounds(failed.client, { weather: { inputSchema, outputSchema } }).call('weather', {}, { timeout: 1000 })).resolves.toBe(toolError);
  });

  it('leaves a schema the SDK cannot compile to callTool, with the whole definition, so its own error stays', async () => {
    const { client, legs } = asking({ content: [] });
    const broken = { type: 'object', properties: { a: { type: 'string', pattern: '(' } } };
    await rounds(client, { odd: { inputSchema, outputSchema: broken } }).call('odd', {}, { timeout: 1000 });
    expect(legs).toHaveLength(1);
    expect(legs[0]?.options.allowInputRequired).toBeUndefined();
    expect(legs[0]?.options.toolDefinition).toEqual({ name: 'odd', inputSchema, outputSchema: broken });
  });
});
