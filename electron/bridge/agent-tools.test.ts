import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { agentTools, listingNow, offersSearch } from './agent-tools';
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

  it('an `all` agent lists every tool within the bound, and searches a server past it', () => {
    const under = agentTools(many(count - 2), agent());
    expect(under.tools).toHaveLength(count - 2);
    expect(offersSearch(under)).toBe(false);
    const past = agentTools(many(count + 1), agent());
    expect(names(past)).toEqual([SEARCH_TOOL, CALL_TOOLS.read]);
    expect(offersSearch(past)).toBe(true);
  });

  it('keeps the other servers\u2019 tools listed beside search for the one past it (a mixed listing)', () => {
    const mixed = agentTools(new Map([...index, ...many(count + 1)]), agent());
    expect(names(mixed)).toEqual(['one__get_thing', 'one__update_thing', 'two__list_items', SEARCH_TOOL, CALL_TOOLS.read]);
    expect(mixed.tools.find((t) => t.name === SEARCH_TOOL)?.description).toMatch(/^Finds the tools of these services, too many to list here: wide\. The other services' tools are listed\. Answers/);
    expect(offersSearch(mixed)).toBe(true);
    // Its call tools are those of the searched server's tiers: `one`'s writes are listed, so no call_write_tool.
    expect(names(mixed)).not.toContain(CALL_TOOLS.write);
  });

  it('searches every server when the others still pass the bound together', () => {
    const half = Math.ceil(count / 2) + 1;
    const server = (name: string, n: number): Array<[string, ToolEntry]> => Array.from({ length: n }, (_, i) => {
      const [, e] = wide(i);
      return [`${name}__get_${i}`, { ...e, server: name, info: { ...e.info, server: name } }];
    });
    const whole = agentTools(new Map([...index, ...server('a', half), ...server('b', half), ...many(count + 1)]), agent());
    expect(names(whole)).toEqual([SEARCH_TOOL, CALL_TOOLS.read, CALL_TOOLS.write]);
    expect(whole.tools[0]?.description).toMatch(/^Finds the tools of the person's connected services/);
  });

  it('a search or auto agent with a server past it searches every server, as before', () => {
    const big = new Map([...index, ...many(count + 1)]);
    expect(names(agentTools(big, agent({ toolMode: 'auto' })))).toEqual([SEARCH_TOOL, CALL_TOOLS.read, CALL_TOOLS.write]);
    expect(names(agentTools(big, agent({ toolMode: 'search' })))).toEqual([SEARCH_TOOL, CALL_TOOLS.read, CALL_TOOLS.write]);
  });

  it('a search listing of a search agent says it offers search', () => {
    expect(offersSearch(agentTools(index, agent({ toolMode: 'search' })))).toBe(true);
  });

  it('listingNow says what the next listing offers, in each mode, and the size of the tools it lists', () => {
    const big = new Map([...index, ...many(count + 1)]);
    const cases: Array<[Map<string, ToolEntry>, Agent]> = [
      [index, agent()],
      [index, agent({ toolMode: 'auto' })],
      [index, agent({ toolMode: 'search' })],
      [many(count + 1), agent()],
      [big, agent()],
      [big, agent({ toolMode: 'auto' })],
    ];
    for (const [tools, who] of cases) expect(listingNow(tools, who).searches).toBe(offersSearch(agentTools(tools, who)));
    // The tools it lists (never the denied one), and the estimate `auto` decides by.
    const small = listingNow(index, agent({ toolMode: 'auto' }));
    expect(small).toMatchObject({ searches: false, searched: undefined, tools: 3 });
    expect(small.tokens).toBe(Math.ceil(JSON.stringify(agentTools(index, agent({ toolMode: 'auto' })).tools).length / 4));
    // A mixed listing: the searched server named, the others' tools counted.
    expect(listingNow(big, agent())).toMatchObject({ searches: true, searched: ['wide'], tools: 3 });
  });
});
