import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { agentTools } from './agent-tools';
import { FoundListing, MAX_FOUND_LISTED, withFound } from './found-listing';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';

function entry(server: string, name: string): [string, ToolEntry] {
  const info: ToolInfo = { server, name, inputSchema: { type: 'object' } };
  const bridgeName = `${server}__${name}`;
  return [bridgeName, { server, info, tier: toolTier(info), listed: { name: bridgeName, inputSchema: { type: 'object' } } }];
}

function agent(over: Partial<Agent> = {}): Agent {
  return { name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {}, ...over };
}

const names = (listing: { tools: Array<{ name: string }> }): string[] => listing.tools.map((t) => t.name);
const SEARCH = ['search_tools', 'call_read_tool', 'call_write_tool', 'call_destructive_tool'];

describe('found tools in a search listing (listFound)', () => {
  it('keeps at most the cap, the oldest found dropped and a tool found again moved to the newest end', () => {
    expect(withFound(['a', 'b', 'c'], ['d', 'b'], 3)).toEqual(['c', 'd', 'b']);
    const many = Array.from({ length: MAX_FOUND_LISTED + 5 }, (_, i) => `t${i}`);
    const kept = withFound([], many);
    expect(kept).toHaveLength(MAX_FOUND_LISTED);
    expect(kept[0]).toBe('t5');
  });

  it('tells its listeners only when the set of found tools changes, and forgets an agent', () => {
    const found = new FoundListing();
    const heard: string[] = [];
    found.onChange((a) => heard.push(a));
    found.add('a', ['x__one', 'x__two']);
    const first = found.of('a');
    found.add('a', ['x__two']);
    found.add('a', []);
    expect(heard).toEqual(['a']);
    expect(found.of('a')).toBe(first);
    found.add('a', ['x__three']);
    expect(heard).toEqual(['a', 'a']);
    expect([...(found.of('a') ?? [])]).toEqual(['x__one', 'x__two', 'x__three']);
    found.forget('a');
    expect(found.of('a')).toBeUndefined();
  });

  it('adds them to the listing of a searching agent with the option, under its names, never a denied one', () => {
    const index = new Map([entry('svc', 'get_item'), entry('svc', 'delete_item'), entry('svc', 'create_item')]);
    const found = new Set(['svc__get_item', 'svc__delete_item']);
    expect(names(agentTools(index, agent({ toolMode: 'search', listFound: true }), found))).toEqual([...SEARCH, 'svc__get_item', 'svc__delete_item']);
    // A tool denied since it was found is not listed.
    const noDeletes = agent({ toolMode: 'search', listFound: true, tools: { svc: { delete_item: 'deny' } } });
    expect(names(agentTools(index, noDeletes, found))).toEqual(['search_tools', 'call_read_tool', 'call_write_tool', 'svc__get_item']);
    // Without the option, or without search mode, found tools change nothing.
    expect(names(agentTools(index, agent({ toolMode: 'search' }), found))).toEqual(SEARCH);
    expect(names(agentTools(index, agent({ listFound: true }), found))).toEqual(['svc__get_item', 'svc__delete_item', 'svc__create_item']);
  });

  it('makes a new listing when the found set is replaced, and reuses it while it is the same', () => {
    const index = new Map([entry('svc', 'get_item'), entry('svc', 'create_item')]);
    const a = agent({ toolMode: 'search', listFound: true });
    const one = new Set(['svc__get_item']);
    const first = agentTools(index, a, one);
    expect(agentTools(index, a, one)).toBe(first);
    expect(names(agentTools(index, a, new Set(['svc__get_item', 'svc__create_item'])))).toContain('svc__create_item');
  });
});
