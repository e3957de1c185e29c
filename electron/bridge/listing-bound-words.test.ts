import { describe, expect, it, vi } from 'vitest';
import { switchLine } from './listing-switch';
import { describeBoundSearched, describeToolMode } from './tool-mode';

// Another bound than the real one: every message must follow the constant, none may keep a figure of its own.
vi.mock('../../shared/api/listing-bound', () => ({ MAX_AGENT_LISTING_BYTES: 8 * 1024 * 1024, AGENT_LISTING_BOUND: '8 MiB' }));

describe('the listing bound in words', () => {
  it('the log and agents config name the bound the constant holds', () => {
    const said = [switchLine('a', '*'), switchLine('a', ['huge']), describeToolMode(undefined), describeBoundSearched('*'), describeBoundSearched(['huge'])];
    for (const line of said) {
      expect(line).toContain('8 MiB');
      expect(line).not.toContain('4 MiB');
    }
  });
});
