import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { agentTools } from './agent-tools';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';
import { AUTO_SEARCH_TOKENS, AUTO_SEARCH_TOOLS, describeListingNow, estimatedTokens, searchesFor } from './tool-mode';

function entry(server: string, name: string, description = ''): [string, ToolEntry] {
  const info: ToolInfo = { server, name, description, inputSchema: { type: 'object' } };
  const bridgeName = `${server}__${name}`;
  return [bridgeName, { server, info, tier: toolTier(info), listed: { name: bridgeName, description, inputSchema: { type: 'object' } } }];
}

function agent(over: Partial<Agent> = {}): Agent {
  return { name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' }, tools: {}, ...over };
}

const names = (listing: { tools: Array<{ name: string }> }): string[] => listing.tools.map((t) => t.name);
const indexOf = (count: number, description = ''): Map<string, ToolEntry> => new Map(Array.from({ length: count }, (_, i) => entry('svc', `get_thing_${i}`, description)));

describe('tool mode auto: the switch', () => {
  it('all never searches, search always does, auto past either bound and not at it', () => {
    const small = (): number => 10;
    expect(searchesFor(undefined, 5_000, () => 10_000_000)).toBe(false);
    expect(searchesFor('all', 5_000, () => 10_000_000)).toBe(false);
    expect(searchesFor('search', 1, small)).toBe(true);
    expect(searchesFor('auto', AUTO_SEARCH_TOOLS, small)).toBe(false);
    expect(searchesFor('auto', AUTO_SEARCH_TOOLS + 1, small)).toBe(true);
    expect(searchesFor('auto', 3, () => AUTO_SEARCH_TOKENS)).toBe(false);
    expect(searchesFor('auto', 3, () => AUTO_SEARCH_TOKENS + 1)).toBe(true);
  });

  it('measures tokens only when the count alone does not decide', () => {
    let measured = 0;
    const tokens = (): number => {
      measured++;
      return 0;
    };
    searchesFor('auto', AUTO_SEARCH_TOOLS + 1, tokens);
    searchesFor('all', 10, tokens);
    searchesFor('search', 10, tokens);
    expect(measured).toBe(0);
    searchesFor('auto', 10, tokens);
    expect(measured).toBe(1);
  });

  it('estimates tokens as a quarter of the JSON characters', () => {
    expect(estimatedTokens({ a: 'x'.repeat(392) })).toBe(100);
    expect(estimatedTokens(undefined)).toBe(0);
  });
});

describe('tool mode auto: the listing an agent gets', () => {
  it('lists every tool at the count bound, and the search tools one past it', () => {
    const at = agentTools(indexOf(AUTO_SEARCH_TOOLS), agent({ toolMode: 'auto' }));
    expect(at.tools).toHaveLength(AUTO_SEARCH_TOOLS);
    expect(names(at)).toContain('svc__get_thing_0');
    const past = agentTools(indexOf(AUTO_SEARCH_TOOLS + 1), agent({ toolMode: 'auto' }));
    expect(names(past)).toEqual(['search_tools', 'call_read_tool']);
  });

  it('counts only the tools the agent may call: denied ones do not push it into search', () => {
    const index = new Map([...indexOf(AUTO_SEARCH_TOOLS), entry('svc', 'delete_thing'), entry('svc', 'delete_other')]);
    const listing = agentTools(index, agent({ toolMode: 'auto' }));
    expect(listing.tools).toHaveLength(AUTO_SEARCH_TOOLS);
    expect(names(listing)).not.toContain('search_tools');
  });

  it('searches for a few tools whose definitions pass the token bound', () => {
    // Five tools of about 3,000 tokens each: under the count, over 12,000 tokens.
    const heavy = agentTools(indexOf(5, 'long words '.repeat(1_100)), agent({ toolMode: 'auto' }));
    expect(names(heavy)).toEqual(['search_tools', 'call_read_tool']);
    const light = agentTools(indexOf(5, 'short'), agent({ toolMode: 'auto' }));
    expect(light.tools).toHaveLength(5);
  });

  it('an agent in all mode lists every tool however many', () => {
    expect(agentTools(indexOf(AUTO_SEARCH_TOOLS * 3), agent()).tools).toHaveLength(AUTO_SEARCH_TOOLS * 3);
  });
});

describe('whether an agent searches now, in words', () => {
  const few = { searches: false, searched: undefined, tools: 12, tokens: 3_100 };
  it('says nothing in search mode, which always searches', () => {
    expect(describeListingNow('desk', 'search', { ...few, searches: true })).toBeUndefined();
  });

  it('says an auto agent under its bounds lists its tools, with their size and the bounds', () => {
    expect(describeListingNow('desk', 'auto', few)).toBe(`desk lists its tools now (12 tools, about 3,100 tokens), so it does not search: tool mode auto searches once they pass ${AUTO_SEARCH_TOOLS} tools or about 12,000 tokens. This is what a search would find.`);
    expect(describeListingNow('desk', 'auto', { ...few, searches: true, tools: 55, tokens: 20_000 })).toBe(`desk searches now (tool mode auto): its tools (55 tools, about 20,000 tokens) pass ${AUTO_SEARCH_TOOLS} tools or about 12,000 tokens.`);
  });

  it('says an all agent lists every tool, or which services it searches past the listing bound', () => {
    expect(describeListingNow('desk', undefined, few)).toBe('desk lists every tool it may call now (tool mode all), so it does not search: this is what a search would find.');
    expect(describeListingNow('desk', undefined, { ...few, searches: true, searched: ['wide'], tools: 1 })).toBe('desk (tool mode all) searches only the tools of wide, past 4 MiB listed on their own; it lists its other 1 tool, about 3,100 tokens.');
    expect(describeListingNow('desk', undefined, { ...few, searches: true })).toBe('desk (tool mode all) searches every tool now: they pass 4 MiB listed together.');
  });
});
