import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { mergeArrived } from './audit-merge';

const call: AuditEntry = { time: 1_000, agent: 'claude', server: 'github', kind: 'tool', tool: 'echo', durationMs: 1, callMs: 1, outcome: 'ok' };

describe('mergeArrived', () => {
  it('adds an event the answer lacks, and not one it holds', () => {
    const other = { ...call, tool: 'other' };
    expect(mergeArrived([call], [call, other])).toEqual([other, call]);
  });

  it('keeps two equal calls as two when only one was in the answer', () => {
    expect(mergeArrived([call], [call, call])).toEqual([call, call]);
  });

  it("puts a minute's written count in place of the count the answer read while it ran", () => {
    const counting: AuditEntry = { ...call, repeated: 4, counting: true };
    const written: AuditEntry = { ...call, repeated: 9 };
    expect(mergeArrived([counting], [written])).toEqual([written]);
  });
});
