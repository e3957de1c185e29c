import { describe, expect, it, vi, type Mock } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { loadClientSdk } from './client-sdk';
import { HEADER_MISMATCH, type RelistTools } from './header-mismatch';
import type { ListedTool } from './output-validators';
import type { AnswerInput } from './server-rounds';
import { ToolRounds } from './tool-rounds';

// A 2026-07-28 server's header mismatch (-32020, SEP-2243) on a tools/call: the pool lists the tools
// again through its own walk (here `relist`), once, and sends the leg again with the fresh definition.
const sdk = await loadClientSdk();
const plain = { type: 'object', properties: { region: { type: 'string' } } };
const declared = { type: 'object', properties: { region: { type: 'string', 'x-mcp-header': 'Region' } } };
const mismatch = (): Error => new sdk.ProtocolError(HEADER_MISMATCH, 'Mcp-Param-Region header is missing');
const answer: AnswerInput = Object.assign(() => Promise.resolve({ action: 'accept', content: { ok: true } }), { admitRound: () => undefined });
const round = { resultType: 'input_required', inputRequests: { ok: { method: 'elicitation/create', params: { message: 'ok?' } } }, requestState: 's1' };

interface Leg {
  params: Record<string, unknown>;
  definition: unknown;
}

/** A client whose callTool answers each leg from `answers` in turn (an Error is thrown); its legs are recorded. */
function scripted(answers: (Record<string, unknown> | Error)[]): { client: Client; legs: Leg[] } {
  const legs: Leg[] = [];
  const callTool = vi.fn((params: Record<string, unknown>, options: { toolDefinition?: unknown }) => {
    legs.push({ params, definition: options.toolDefinition });
    const next = answers.shift() ?? new Error('no more answers');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  return { client: { callTool } as unknown as Client, legs };
}

/** Tools whose `regional` is listed plain until `relist` runs, declared after; the re-lists counted. */
function listing(relisted: () => Promise<void> = () => Promise.resolve()): { tools: (tool: string) => ListedTool | undefined; relist: Mock<RelistTools> } {
  let schema: object = plain;
  const relist = vi.fn<RelistTools>(async () => {
    await relisted();
    schema = declared;
    return false;
  });
  return { tools: (tool) => (tool === 'regional' ? { inputSchema: schema } : undefined), relist };
}

describe('ToolRounds on a header mismatch', () => {
  it('lists the tools again once and sends the call again with the fresh definition', async () => {
    const { client, legs } = scripted([mismatch(), { content: [{ type: 'text', text: 'ok' }] }]);
    const { tools, relist } = listing();
    const result = await new ToolRounds(client, sdk, tools, answer, { server: 'remote', relist }).call('regional', { region: 'north' }, { timeout: 1000 });
    expect(result).toEqual({ content: [{ type: 'text', text: 'ok' }] });
    expect(relist).toHaveBeenCalledTimes(1);
    expect(legs.map((l) => l.definition)).toEqual([
      { name: 'regional', inputSchema: plain },
      { name: 'regional', inputSchema: declared },
    ]);
  });

  it('sends a later round again with its answers kept, after one re-list', async () => {
    const { client, legs } = scripted([round, mismatch(), { content: [] }]);
    const { tools, relist } = listing();
    await new ToolRounds(client, sdk, tools, answer, { server: 'remote', relist }).call('regional', {}, { timeout: 1000 });
    expect(relist).toHaveBeenCalledTimes(1);
    expect(legs).toHaveLength(3);
    expect(legs[2]?.params).toMatchObject({ requestState: 's1', inputResponses: { ok: { action: 'accept' } } });
    expect(legs[2]?.definition).toEqual({ name: 'regional', inputSchema: declared });
  });

  it('refuses a second mismatch with a clear error, after one re-list and one retry only', async () => {
    const { client, legs } = scripted([mismatch(), mismatch(), mismatch()]);
    const { tools, relist } = listing();
    const call = new ToolRounds(client, sdk, tools, answer, { server: 'remote', relist }).call('regional', {}, { timeout: 1000 });
    await expect(call).rejects.toBeInstanceOf(CodedError);
    await expect(call).rejects.toMatchObject({
      code: 'internal',
      message: '"remote" refused tool "regional" for its Mcp-Param headers (-32020, header mismatch) again after its tools were listed anew: Mcp-Param-Region header is missing',
      data: { rpcCode: HEADER_MISMATCH },
    });
    expect(relist).toHaveBeenCalledTimes(1);
    expect(legs).toHaveLength(2);
  });

  it('lets the re-list fail the call with its own error (a listing past its bound), sending nothing more', async () => {
    const bound = new CodedError('server_unavailable', '"remote" lists more than 16 MiB');
    const { client, legs } = scripted([mismatch(), { content: [] }]);
    const { tools, relist } = listing(() => Promise.reject(bound));
    await expect(new ToolRounds(client, sdk, tools, answer, { server: 'remote', relist }).call('regional', {}, { timeout: 1000 })).rejects.toBe(bound);
    expect(legs).toHaveLength(1);
  });

  it('passes a mismatch on as it came when it has no way to list again, and other errors always', async () => {
    const first = mismatch();
    const alone = scripted([first]);
    await expect(new ToolRounds(alone.client, sdk, listing().tools, answer).call('regional', {}, { timeout: 1000 })).rejects.toBe(first);
    const other = new sdk.ProtocolError(-32602, 'bad arguments');
    const { client, legs } = scripted([other]);
    const { tools, relist } = listing();
    await expect(new ToolRounds(client, sdk, tools, answer, { server: 'remote', relist }).call('regional', {}, { timeout: 1000 })).rejects.toBe(other);
    expect(relist).not.toHaveBeenCalled();
    expect(legs).toHaveLength(1);
  });
});
