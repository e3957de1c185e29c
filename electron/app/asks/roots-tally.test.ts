import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import type { CallAsker } from '../../pool';
import { RootsTally, type RootsEntry } from './roots-tally';

const entry = (server: string, warning?: string, roots = 1): RootsEntry => ({
  time: 1, agent: 'claude', server, kind: 'roots', tool: 'tool "x"', durationMs: 0, outcome: 'ok', answer: 'accept', answeredBy: 'agent', roots,
  ...(warning !== undefined ? { warning } : {}),
});

describe('RootsTally', () => {
  it('writes the first request at once (a stop or crash mid-call loses no entry), and the rest counted into one at the end', () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const call = new AbortController();
    const asker: CallAsker = { label: 'claude' };
    tally.count(asker, call.signal, entry('files'));
    expect(written).toEqual([{ ...entry('files'), requests: 1 }]);
    tally.count(asker, call.signal, entry('files', undefined, 2));
    tally.count(asker, call.signal, entry('files', undefined, 3));
    expect(written).toHaveLength(1);
    call.abort();
    expect(written).toEqual([{ ...entry('files'), requests: 1 }, { ...entry('files', undefined, 2), requests: 2 }]);
  });

  it('a call with one request leaves one entry', () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const call = new AbortController();
    tally.count({ label: 'claude' }, call.signal, entry('files'));
    call.abort();
    expect(written).toEqual([{ ...entry('files'), requests: 1 }]);
  });

  it("writes the first vault-value warning at once, and keeps a later one in the rest's entry", () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const call = new AbortController();
    const asker: CallAsker = { label: 'claude' };
    tally.count(asker, call.signal, entry('files'));
    tally.count(asker, call.signal, entry('files', 'the answer held the vault value "github"'));
    expect(written).toEqual([{ ...entry('files'), requests: 1 }, { ...entry('files', 'the answer held the vault value "github"'), requests: 1 }]);
    tally.count(asker, call.signal, entry('files'));
    tally.count(asker, call.signal, entry('files', 'another'));
    call.abort();
    expect(written[2]).toEqual({ ...entry('files', 'another'), requests: 2 });
    expect(written).toHaveLength(3);
  });

  it("counts each call apart, and writes at once where the call's end cannot be heard", () => {
    const written: AuditEntry[] = [];
    const tally = new RootsTally((e) => written.push(e));
    const first = new AbortController();
    const second = new AbortController();
    tally.count({ label: 'a' }, first.signal, entry('files'));
    tally.count({ label: 'b' }, second.signal, entry('files'));
    tally.count({ label: 'c' }, undefined, entry('files'));
    expect(written).toHaveLength(3);
    second.abort();
    first.abort();
    expect(written).toHaveLength(3);
  });
});
