import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { agentTools } from './agent-tools';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';
import { AUTO_SEARCH_TOKENS, AUTO_SEARCH_TOOLS, estimatedTokens, searchesFor } from './tool-mode';

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
