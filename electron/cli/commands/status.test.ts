import { describe, expect, it } from 'vitest';
import { listingBoundLine } from './status';

const MiB = 1024 * 1024;

describe('listingBoundLine', () => {
  it('names the agent, each server it searches with its size, and the bound', () => {
    expect(listingBoundLine({ agent: 'desk', searched: [{ server: 'wide', bytes: 4.3 * MiB }], every: false, boundBytes: 4 * MiB })).toBe(
      `listing bound: agent "desk" finds the tools of "wide" (4.3 MiB) through search_tools, each past 4.0 MiB listed; its other servers' tools stay listed`,
    );
  });

  it('says when every server is searched, with the total', () => {
    expect(listingBoundLine({ agent: 'desk', searched: [{ server: 'a', bytes: 3 * MiB }, { server: 'b', bytes: 2 * MiB }], every: true, boundBytes: 4 * MiB })).toBe(
      `listing bound: agent "desk"'s servers list 5.0 MiB of tools together, past 4.0 MiB: it lists search_tools and the call tools instead of them`,
    );
  });
});
