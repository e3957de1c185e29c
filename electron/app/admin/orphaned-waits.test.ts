import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../shared/api';
import { endOrphanedWaits } from './orphaned-waits';

const entry = (id: string, outcome: AdminEntry['outcome'], confirmation?: string): AdminEntry => ({
  id,
  time: 1,
  who: 'cli',
  method: 'addAgent',
  summary: 'add agent "a"',
  outcome,
  ...(confirmation !== undefined ? { confirmation } : {}),
});

describe('endOrphanedWaits', () => {
  it('shows a wait no process holds and no row ended as expired; leaves ended, open and plain rows alone', () => {
    const entries = [entry('1', 'confirmed', 'c-ended'), entry('2', 'waiting', 'c-ended'), entry('3', 'waiting', 'c-open'), entry('4', 'waiting', 'c-crashed'), entry('5', 'ok')];
    const shown = endOrphanedWaits(entries, (id) => id === 'c-open');
    expect(shown.map((e) => [e.id, e.outcome])).toEqual([
      ['1', 'confirmed'],
      ['2', 'waiting'],
      ['3', 'waiting'],
      ['4', 'expired'],
      ['5', 'ok'],
    ]);
    // The log itself is not rewritten: a copy is shown.
    expect(entries[3]?.outcome).toBe('waiting');
  });
});
