import { describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AGENT, fake } from '../../test/support/fake-gate';
import { ERROR_META_KEY } from './agent-errors';
import type { Agent } from './agent-schema';
import { callResourceTool } from './resource-tools';
import { callSearchTool } from './search-call';
import type { Extra } from './call-gate';

const SEARCHER: Agent = { ...AGENT, toolMode: 'search', resourceTools: true };
const noCall = (): never => {
  throw new Error('no call reaches a service here');
};
const signal = (): AbortSignal => new AbortController().signal;

function refusal(result: CallToolResult): { code?: string; message?: string; hint?: string } {
  expect(result.isError).toBe(true);
  return result._meta?.[ERROR_META_KEY] as { code?: string; message?: string; hint?: string };
}

// MCP 2025-11-25 and 2026-07-28 server/tools §Error Handling: input validation errors are tool execution errors.
describe("the bridge's own tools given arguments that do not fit", () => {
  it('answer search_tools with a result the model reads, naming what to fix and what it takes', async () => {
    const f = fake();
    const empty = refusal(await callSearchTool(f.ctx, SEARCHER, 'search_tools', { query: '' }, noCall, false, signal));
    // Said once, in our words: not zod's "Too small" beside them.
    expect(empty).toMatchObject({ code: 'invalid_input', message: 'invalid arguments for search_tools: query: says nothing: give the need in words' });
    expect(empty.hint).toBe('Fix query, then call search_tools again; it takes query (required), server, limit');
    // White space alone is no need either.
    const blank = refusal(await callSearchTool(f.ctx, SEARCHER, 'search_tools', { query: ' \t\n ' }, noCall, false, signal));
    expect(blank).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('query: says nothing: give the need in words') as unknown, hint: empty.hint });
    const both = refusal(await callSearchTool(f.ctx, SEARCHER, 'search_tools', { limit: 99, made_up_key: 1 }, noCall, false, signal));
    expect(both.hint).toBe('Fix query and limit and leave out the arguments search_tools does not take, then call search_tools again; it takes query (required), server, limit');
    // The key it made up is counted, never named.
    expect(JSON.stringify(both)).not.toContain('made_up_key');
    expect(both.message).toContain('1 argument this tool does not take');
  });

  it('answer a call tool and the resource tools alike, without reaching a service', async () => {
    const f = fake();
    const call = refusal(await callSearchTool(f.ctx, SEARCHER, 'call_read_tool', { arguments: {} }, noCall, false, signal));
    expect(call).toMatchObject({ code: 'invalid_input', hint: 'Fix name, then call call_read_tool again; it takes name (required), arguments' });
    const read = refusal(await callResourceTool(f.ctx, SEARCHER, 'read_resource', {}, {} as Extra));
    expect(read).toMatchObject({ code: 'invalid_input', hint: 'Fix uri, then call read_resource again; it takes uri (required)' });
    expect(f.pool).toEqual([]);
  });
});
