import { describe, expect, it, vi } from 'vitest';
import type * as naming from '../../shared/naming';
import { buildNameTable } from '../../shared/naming';
import { agentToolNames } from './agent-names';
import type { Agent } from './agent-schema';

// Two keys whose 64-bit hashes collide whole (findable offline, about 2^32 tries from a fixed prefix):
// every hash of either, whatever is appended to it, is the same.
vi.mock('../../shared/naming', async (importOriginal) => {
  const real = await importOriginal<typeof naming>();
  return {
    ...real,
    shortHash: (key: string): string => (key.includes('colliding_tool_name_that_is_long') ? '0123456789abcdef' : real.shortHash(key)),
  };
});

const claude: Agent = {
  name: 'claude',
  tokenHint: 'cs_',
  createdAt: 0,
  tokenCreatedAt: 0,
  servers: ['*'],
  policy: { read: 'allow', write: 'allow', destructive: 'allow' },
  tools: {},
  names: 'plain',
  client: 'claude-code',
};

describe('cut names whose hashes collide whole', () => {
  it('still end, each name its own and reaching its own tool', () => {
    const tools = [
      { server: 'one', name: 'colliding_tool_name_that_is_long_enough_to_be_cut_a' },
      { server: 'two', name: 'colliding_tool_name_that_is_long_enough_to_be_cut_b' },
      { server: 'three', name: 'colliding_tool_name_that_is_long_enough_to_be_cut_c' },
    ];
    const table = buildNameTable(tools);
    const index = new Map(tools.map((t) => [table.toBridge(t.server, t.name) ?? '', { server: t.server, info: { name: t.name } }]));
    const names = agentToolNames(index, claude);
    const shown = [...index.keys()].map((bridge) => names.shown(bridge));
    expect(new Set(shown).size).toBe(3);
    for (const [i, bridge] of [...index.keys()].entries()) {
      expect(shown[i]?.length).toBeLessThanOrEqual(32);
      expect(names.bridgeOf(shown[i] ?? '')).toBe(bridge);
    }
  });
});
