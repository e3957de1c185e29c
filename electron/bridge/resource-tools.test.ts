import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import { agentToolNames } from './agent-names';
import type { Agent } from './agent-schema';
import { agentTools } from './agent-tools';
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

const THREE = ['list_resources', 'read_resource', 'get_prompt'];
// A server with a tool of one of our names: the plain name must stay ours.
const index = new Map([entry('one', 'get_thing'), entry('one', 'read_resource')]);
const names = (listing: { tools: Array<{ name: string }> }): string[] => listing.tools.map((t) => t.name);

describe('resource tools in an agent listing', () => {
  it('are added with the option, after the services\' tools, and not while reads are denied', () => {
    expect(names(agentTools(index, agent()))).toEqual(['one__get_thing', 'one__read_resource']);
    expect(names(agentTools(index, agent({ resourceTools: true })))).toEqual(['one__get_thing', 'one__read_resource', ...THREE]);
    expect(names(agentTools(index, agent({ resourceTools: true, policy: { read: 'deny', write: 'ask', destructive: 'ask' } })))).toEqual([]);
  });

  it('keep their names for an agent with plain names: a service\'s tool of that name keeps its prefix', () => {
    expect(names(agentTools(index, agent({ names: 'plain' })))).toEqual(['get_thing', 'read_resource']);
    const both = agent({ names: 'plain', resourceTools: true });
    expect(names(agentTools(index, both))).toEqual(['get_thing', 'one__read_resource', ...THREE]);
    // A call by that name is ours; the service's tool is reached by its bridge name.
    expect(agentToolNames(index, both).bridgeOf('read_resource')).toBe('read_resource');
    expect(agentToolNames(index, both).bridgeOf('get_thing')).toBe('one__get_thing');
  });

  it('makes a new listing when the option changes (a new agent record)', () => {
    const off = agent();
    const first = agentTools(index, off);
    const on = { ...off, resourceTools: true as const };
    expect(agentTools(index, on)).not.toBe(first);
    expect(agentTools(index, off)).toBe(first);
  });
});
