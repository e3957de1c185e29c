import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { CALL_TOOLS, SEARCH_TOOL, searchListing } from './search-tools';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';

function entry(server: string, name: string): [string, ToolEntry] {
  const info: ToolInfo = { server, name, inputSchema: { type: 'object' } };
  return [`${server}__${name}`, { server, info, tier: toolTier(info), listed: { name: `${server}__${name}`, inputSchema: { type: 'object' } } }];
}

function agent(policy: Agent['policy']): Agent {
  return { name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy, tools: {}, toolMode: 'search' };
}

const index = new Map([entry('one', 'get_thing'), entry('one', 'update_thing'), entry('one', 'delete_thing')]);
const searchText = (tools: ReturnType<typeof searchListing>): string => tools.find((t) => t.name === SEARCH_TOOL)?.description ?? '';

// A call tool left out of the listing is still taken (docs/tool-search.md), but search_tools must not send the model to it.
describe("search_tools' description names only the call tools listed beside it", () => {
  it('leaves out call_destructive_tool when destructive tools are denied', () => {
    const tools = searchListing(index, agent({ read: 'allow', write: 'ask', destructive: 'deny' }));
    expect(tools.map((t) => t.name)).toEqual([SEARCH_TOOL, CALL_TOOLS.read, CALL_TOOLS.write]);
    expect(searchText(tools)).toContain('the call tool to use (call_read_tool or call_write_tool), or says');
    expect(searchText(tools)).not.toContain(CALL_TOOLS.destructive);
  });

  it('names all three when each tier is offered, and one alone when only reads are', () => {
    expect(searchText(searchListing(index, agent({ read: 'allow', write: 'ask', destructive: 'ask' })))).toContain('(call_read_tool, call_write_tool or call_destructive_tool)');
    const reads = searchText(searchListing(index, agent({ read: 'allow', write: 'deny', destructive: 'deny' })));
    expect(reads).toContain('the call tool to use (call_read_tool), or says');
    expect(searchText(searchListing(index, agent({ read: 'deny', write: 'deny', destructive: 'deny' })))).toContain('the call tool to use, or says');
  });

  it('in a mixed listing too, after the services it searches', () => {
    const text = searchText(searchListing(index, agent({ read: 'allow', write: 'deny', destructive: 'deny' }), ['one']));
    expect(text).toMatch(/^Finds the tools of these services, too many to list here: one\. The other services' tools are listed\. Answers .*\(call_read_tool\), or says/);
  });
});
