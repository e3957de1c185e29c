import { describe, expect, it, vi } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { toolModeNotes } from './agent-client-options';

// Another bound than the real one: the notes must follow the constant, not keep a figure of their own.
vi.mock('../../../shared/api/listing-bound', () => ({ MAX_AGENT_LISTING_BYTES: 8 * 1024 * 1024, AGENT_LISTING_BOUND: '8 MiB' }));

describe('agents list: the listing bound in words', () => {
  const view = (over: Partial<AgentView>): AgentView => ({ name: 'x', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0, ...over });

  it('names the bound the constant holds', () => {
    const said = [...toolModeNotes(view({ boundSearched: '*' })), ...toolModeNotes(view({ boundSearched: ['huge'] }))];
    expect(said).toHaveLength(2);
    for (const line of said) {
      expect(line).toContain('8 MiB');
      expect(line).not.toContain('4 MiB');
    }
  });
});
