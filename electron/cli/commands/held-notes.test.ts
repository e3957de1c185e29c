import { describe, expect, it } from 'vitest';
import type { HeldChange } from '../../../shared/api';
import { heldNotes } from './held-notes';

const held = (server: string, kind: HeldChange['kind'], name: string): HeldChange => ({ server, kind, name, change: 'added', seenAt: 0, description: [], schema: [] });

describe('heldNotes', () => {
  it('counts each kind the command lists, one line per server, and names no server with none of them', () => {
    const all = [held('b', 'tool', 'x'), held('a', 'resource', 'r://1'), held('a', 'resourceTemplate', 'r://{x}'), held('a', 'tool', 'y'), held('a', 'prompt', 'p'), held('c', 'prompt', 'q')];
    expect(heldNotes(all, ['tool', 'prompt', 'resource', 'resourceTemplate'])).toEqual([
      'a lists 1 tool, 1 prompt, 1 resource and 1 resource template that are new or changed, which agents do not see until you review them (a changed one keeps its approved definition): connected-services servers review a',
      'b lists 1 tool that is new or changed, which agents do not see until you review it (a changed one keeps its approved definition): connected-services servers review b',
      'c lists 1 prompt that is new or changed, which agents do not see until you review it (a changed one keeps its approved definition): connected-services servers review c',
    ]);
    expect(heldNotes(all, ['resource', 'resourceTemplate']).map((line) => line.split(' that')[0])).toEqual(['a lists 1 resource and 1 resource template']);
    expect(heldNotes([], ['tool'])).toEqual([]);
  });
});
