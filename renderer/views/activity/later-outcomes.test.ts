import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../../shared/api';
import { laterOutcome, laterOutcomes } from './later-outcomes';

const BEGUN: AdminEntry = { id: 'p1', time: 1_000, who: 'cli-offline', pid: 7, method: 'addServer', summary: 'add the server "a"', outcome: 'pending', review: true };

function outcomeOf(entries: AdminEntry[], id: string) {
  const entry = entries.find((e) => e.id === id);
  if (entry === undefined) throw new Error(`no entry ${id}`);
  return laterOutcome(entry, laterOutcomes(entries));
}

describe('laterOutcomes', () => {
  it('ends a pending line by the line that names it, and a waiting one by its confirmation', () => {
    const asked: AdminEntry = { id: 'w1', time: 1, who: 'cli', method: 'setSecret', summary: 's', outcome: 'waiting', confirmation: 'c-1' };
    const entries = [BEGUN, { ...BEGUN, id: 'o1', time: 1_100, outcome: 'failed' as const, ahead: 'p1' }, asked, { ...asked, id: 'w2', outcome: 'confirmed' as const }];
    expect(outcomeOf(entries, 'p1')).toBe('failed');
    expect(outcomeOf(entries, 'w1')).toBe('confirmed');
  });

  it('pairs an old log, in any order, each pending line with the first later copy of it, one copy each', () => {
    const second: AdminEntry = { ...BEGUN, id: 'p2', time: 3_000 };
    const entries = [{ ...second, id: 'o2', time: 3_100, outcome: 'failed' as const }, second, { ...BEGUN, id: 'o1', time: 1_100, outcome: 'ok' as const }, BEGUN];
    expect(outcomeOf(entries, 'p1')).toBe('ok');
    expect(outcomeOf(entries, 'p2')).toBe('failed');
  });

  it('leaves pending what no later copy of the same caller, process, method and summary ended', () => {
    const others: AdminEntry[] = [
      { ...BEGUN, id: 'x1', time: 900, outcome: 'ok' },
      { ...BEGUN, id: 'x2', time: 1_100, outcome: 'ok', pid: 8 },
      { ...BEGUN, id: 'x3', time: 1_100, outcome: 'ok', summary: 'add the server "b"' },
      { ...BEGUN, id: 'x4', time: 1_100, outcome: 'ok', who: 'cli' },
      { ...BEGUN, id: 'x5', time: 1_100, outcome: 'ok', ahead: 'elsewhere' },
    ];
    expect(outcomeOf([BEGUN, ...others], 'p1')).toBeUndefined();
    // One copy ends one pending line: the second of two begun alike stays pending.
    expect(outcomeOf([BEGUN, { ...BEGUN, id: 'p2', time: 1_050 }, { ...BEGUN, id: 'o1', time: 1_100, outcome: 'ok' }], 'p2')).toBeUndefined();
  });
});
