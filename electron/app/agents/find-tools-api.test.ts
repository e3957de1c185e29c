import { describe, expect, it } from 'vitest';
import { MAX_FOUND_LIMIT } from '../../../shared/api';
import { MAX_LIMIT } from '../../tool-search';
import type { Agent, AgentQuery, AgentSearchAnswer } from '../../bridge';
import { findAgentTools } from './find-tools-api';

const agent = { name: 'coder', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0 } as unknown as Agent;

function answer(tools: AgentSearchAnswer['found']['tools'], left = 0, listing = { searches: false, searched: undefined, tools: 4, tokens: 900 }): { searchAs: (a: Readonly<Agent>, q: AgentQuery) => Promise<AgentSearchAnswer>; asked: AgentQuery[] } {
  const asked: AgentQuery[] = [];
  return {
    asked,
    searchAs: (_a, q) => {
      asked.push(q);
      return Promise.resolve({ found: { tools, nothingFits: tools.length === 0, left }, services: () => ['github', 'linear'], toolName: (id) => ({ 'github__create_issue': 'create_issue', 'github__list_i_0a1b2c3d': 'list_issues_in_a_very_long_repository_name' })[id], listing: () => listing });
    },
  };
}

describe('findAgentTools', () => {
  it('names each tool as the agent calls it and as its service does, with its tier and whether a call asks', async () => {
    const { searchAs, asked } = answer(
      [
        { id: 'github__create_issue', name: 'create_issue', server: 'github', title: 'Create issue', tier: 'write', call: 'call_write_tool', approval: 'asked', inputSchema: {} },
        { id: 'github__list_i_0a1b2c3d', name: 'github__list_i_0a1b2c3d', server: 'github', tier: 'read', call: 'call_read_tool', inputSchema: {} },
      ],
      3,
    );
    const found = await findAgentTools(agent, { agent: 'coder', need: 'open an issue', server: 'github', limit: 7 }, searchAs);
    expect(asked).toEqual([{ query: 'open an issue', server: 'github', limit: 7 }]);
    expect(found).toEqual({
      tools: [
        { name: 'create_issue', server: 'github', tool: 'create_issue', title: 'Create issue', tier: 'write', approval: 'asked' },
        { name: 'github__list_i_0a1b2c3d', server: 'github', tool: 'list_issues_in_a_very_long_repository_name', tier: 'read' },
      ],
      nothingFits: false,
      left: 3,
      services: [],
      searchesNow: false,
      listingNow: 'coder lists every tool it may call now (tool mode all), so it does not search: this is what a search would find.',
    });
  });

  it('says nothing fits with the services it may search', async () => {
    const { searchAs } = answer([], 0, { searches: true, searched: undefined, tools: 4, tokens: 900 });
    const searching = { ...agent, toolMode: 'search' } as Agent;
    expect(await findAgentTools(searching, { agent: 'coder', need: 'bake bread' }, searchAs)).toEqual({ tools: [], nothingFits: true, left: 0, services: ['github', 'linear'], searchesNow: true });
  });

  it('says whether an agent outside search mode searches now, from its listing', async () => {
    const auto = { ...agent, toolMode: 'auto' } as Agent;
    const under = await findAgentTools(auto, { agent: 'coder', need: 'open an issue' }, answer([]).searchAs);
    expect(under.searchesNow).toBe(false);
    expect(under.listingNow).toMatch(/^coder lists its tools now \(4 tools, about 900 tokens\), so it does not search: tool mode auto searches once/);
    const past = await findAgentTools(auto, { agent: 'coder', need: 'open an issue' }, answer([], 0, { searches: true, searched: undefined, tools: 60, tokens: 15_000 }).searchAs);
    expect(past.searchesNow).toBe(true);
    expect(past.listingNow).toMatch(/^coder searches now \(tool mode auto\): its tools \(60 tools, about 15,000 tokens\) pass/);
  });

  it("bounds the limit as search_tools does", () => {
    expect(MAX_FOUND_LIMIT).toBe(MAX_LIMIT);
  });
});
