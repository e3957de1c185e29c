import { describe, expect, it, vi } from 'vitest';
import type { AgentView } from '../../../shared/api';
import { switchLine } from '../../bridge/listing-switch';
import { describeBoundSearched, describeToolMode } from '../../bridge/tool-mode';
import { toolModeNotes } from './agent-client-options';

// Another bound than the real one: every message must follow the constant, none may keep a figure of its own.
vi.mock('../../../shared/api/listing-bound', () => ({ MAX_AGENT_LISTING_BYTES: 8 * 1024 * 1024, AGENT_LISTING_BOUND: '8 MiB' }));

describe('the listing bound in words', () => {
  const view = (over: Partial<AgentView>): AgentView => ({ name: 'x', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0, ...over });

  it('the log, agents config and agents list name the bound the constant holds', () => {
    const said = [
      switchLine('a', '*'),
      switchLine('a', ['huge']),
      describeToolMode(undefined),
      describeBoundSearched('*'),
      describeBoundSearched(['huge']),
      ...toolModeNotes(view({ boundSearched: '*' })),
      ...toolModeNotes(view({ boundSearched: ['huge'] })),
    ];
    expect(said).toHaveLength(7);
    for (const line of said) {
      expect(line).toContain('8 MiB');
      expect(line).not.toContain('4 MiB');
    }
  });
});
