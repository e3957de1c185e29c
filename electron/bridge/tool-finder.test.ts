import { describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../shared/api';
import type { Agent } from './agent-schema';
import { findTools } from './tool-finder';
import type { ToolEntry } from './tool-index';
import { toolTier } from './tool-tier';

function entry(server: string, name: string, description: string): [string, ToolEntry] {
  const info: ToolInfo = { server, name, description, inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
  const bridgeName = `${server}__${name}`;
  return [bridgeName, { server, info, tier: toolTier(info), listed: { name: bridgeName, inputSchema: { type: 'object' } } }];
}

const agent: Agent = { name: 'a', tokenHint: 'cs_x', createdAt: 0, tokenCreatedAt: 0, servers: ['*'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {} };

// Tools whose own words say nothing of what the server is about: only its description does. Among
// others, as an index of a few servers has them (so words have the weight they have in real use).
const OTHERS = ['weather forecast', 'git commit', 'calendar event', 'slack channel', 'browser page', 'email draft', 'pdf page', 'map route', 'crm contact', 'video transcript'];
const index = new Map([
  entry('acme', 'run_query', 'Runs a query and returns the rows.'),
  entry('acme', 'list_tables', 'Lists the tables.'),
  entry('shop', 'list_orders', 'Lists the orders of the shop.'),
  entry('notes', 'search_notes', 'Searches your notes.'),
  ...OTHERS.flatMap((words, i) => {
    const [a, b] = words.split(' ');
    return [entry(`s${i}`, `get_${a}`, `Gets a ${words}.`), entry(`s${i}`, `list_${b}s`, `Lists ${b}s of the ${a}.`), entry(`s${i}`, `create_${b}`, `Creates a ${b}.`)];
  }),
]);

const find = (need: string, serverDescriptions?: ReadonlyMap<string, string>) =>
  findTools(index, agent, { need, limit: 5, used: () => ({ agent: 0, person: 0 }), ...(serverDescriptions ? { serverDescriptions } : {}) });

describe('findTools: the server’s description (mcp.json) is searched', () => {
  const described = new Map([['acme', 'Warehouse stock ledger: pallets, forklifts and bin locations']]);

  it('a need matching only a server’s description finds that server’s tools', () => {
    const need = 'how many pallets are in the warehouse';
    expect(find(need).nothingFits).toBe(true);
    const found = find(need, described);
    expect(found.nothingFits).toBe(false);
    expect(found.tools.map((t) => t.server)).toEqual(['acme', 'acme']);
  });

  it('follows a description changed in place (the same tool index), and its removal', () => {
    const need = 'forklift bin locations';
    expect(find(need, described).tools[0]?.server).toBe('acme');
    expect(find(need, new Map([['shop', 'Forklift and bin locations store']])).tools[0]?.server).toBe('shop');
    expect(find(need).nothingFits).toBe(true);
  });

  it('a description does not outweigh a tool’s own words', () => {
    const found = find('list the orders of the shop', new Map([['acme', 'orders orders orders of every shop']]));
    expect(found.tools[0]?.name).toBe('shop__list_orders');
  });
});
