import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { agentTools, offersSearch } from './agent-tools';
import { MAX_AGENT_LISTING_BYTES } from './listing-bounds';
import { CALL_TOOLS, SEARCH_TOOL } from './search-tools';
import { sharedResponseBytes } from './shared-result';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';

function entry(server: string, name: string, annotations?: ToolInfo['annotations']): [string, ToolEntry] {
  const info: ToolInfo = { server, name, inputSchema: { type: 'object' }, ...(annotations ? { annotations } : {}) };
  const bridgeName = `${server}__${name}`;
  return [bridgeName, { server, info, tier: toolTier(info), listed: { name: bridgeName, inputSchema: { type: 'object' } } }];
}

function agent(over: Partial<Agent> = {}): Agent {
  return {
    name: 'a',
    tokenHint: 'cs_x',
    createdAt: 0,
    tokenCreatedAt: 0,
    servers: ['*'],
    policy: { read: 'allow', write: 'ask', destructive: 'deny' },
    tools: {},
    ...over,
  };
}

const index = new Map([entry('one', 'get_thing'), entry('one', 'update_thing'), entry('one', 'delete_thing'), entry('two', 'list_items')]);
const names = (listing: { tools: Array<{ name: string }> }): string[] => listing.tools.map((t) => t.name);

describe('agentTools', () => {
  it('offers what the agent may call or be asked about, never what is denied', () => {
    expect(names(agentTools(index, agent()))).toEqual(['one__get_thing', 'one__update_thing', 'two__list_items']);
    expect(names(agentTools(index, agent({ servers: ['two'] })))).toEqual(['two__list_items']);
    expect(names(agentTools(index, agent({ tools: { one: { delete_thing: 'ask', get_thing: 'deny' } } })))).toEqual([
      'one__update_thing',
      'one__delete_thing',
      'two__list_items',
    ]);
  });

  it('makes the listing once per index and agent record, and shares its bytes', () => {
    const record = agent();
    const first = agentTools(index, record);
    expect(agentTools(index, record)).toBe(first);
    expect(sharedResponseBytes({ jsonrpc: '2.0', id: 1, result: first })).toBeInstanceOf(Buffer);
  });

  it('makes a new listing for a changed agent record or a rebuilt index', () => {
    const record = agent();
    const before = agentTools(index, record);
    const stricter = agentTools(index, { ...record, policy: { ...record.policy, write: 'deny' } });
    expect(stricter).not.toBe(before);
    expect(names(stricter)).toEqual(['one__get_thing', 'two__list_items']);
    const rebuilt = new Map([...index, entry('three', 'get_more')]);
    expect(names(agentTools(rebuilt, record))).toContain('three__get_more');
    expect(names(agentTools(index, record))).not.toContain('three__get_more');
  });
});

describe('agentTools past the listing bound', () => {
  const wide = (i: number): [string, ToolEntry] => {
    const [name, e] = entry('wide', `get_${i}`);
    return [name, { ...e, listed: { ...e.listed, inputSchema: { type: 'object', properties: { q: { type: 'string', description: 'S'.repeat(60 * 1024) } } } } }];
  };
  const many = (count: number) => new Map(Array.from({ length: count }, (_, i) => wide(i)));
  const count = Math.ceil(MAX_AGENT_LISTING_BYTES / (60 * 1024));

  it('an `all` agent lists every tool within the bound, and gets the search listing past it', () => {
    const under = agentTools(many(count - 2), agent());
    expect(under.tools).toHaveLength(count - 2);
    expect(offersSearch(under)).toBe(false);
    const past = agentTools(many(count + 1), agent());
    expect(names(past)).toEqual([SEARCH_TOOL, CALL_TOOLS.read]);
    expect(offersSearch(past)).toBe(true);
  });

  it('a search listing of a search agent says it offers search', () => {
    expect(offersSearch(agentTools(index, agent({ toolMode: 'search' })))).toBe(true);
  });
});
