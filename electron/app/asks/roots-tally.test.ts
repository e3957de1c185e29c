import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import type { CallAsker } from '../../pool';
import { RootsTally, type RootsEntry } from './roots-tally';

const entry = (server: string, warning?: string): RootsEntry => ({
  time: 1, agent: 'claude', server, kind: 'roots', tool: 'tool "x"', durationMs: 0, outcome: 'ok', answer: 'accept', answeredBy: 'agent', roots: 1,
  ...(warning !== undefined ? { warning } : {}),
});

describe('RootsTally', () => {
  it("keeps a warning of any of the call's requests in its one entry", () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const call = new AbortController();
    const asker: CallAsker = { label: 'claude' };
    tally.count(asker, call.signal, entry('files'));
    tally.count(asker, call.signal, entry('files', 'the answer held the vault value "github"'));
    tally.count(asker, call.signal, entry('files', 'another'));
    call.abort();
    expect(written).toEqual([{ ...entry('files', 'the answer held the vault value "github"'), requests: 3 }]);
  });

  it('counts each call apart, and writes at once where the call\'s end cannot be heard', () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const first = new AbortController();
    const second = new AbortController();
    tally.count({ label: 'a' }, first.signal, entry('files'));
    tally.count({ label: 'b' }, second.signal, entry('files'));
    tally.count({ label: 'c' }, undefined, entry('files'));
    expect(written).toEqual([{ ...entry('files'), requests: 1 }]);
    second.abort();
    first.abort();
    expect(written).toHaveLength(3);
  });
});
