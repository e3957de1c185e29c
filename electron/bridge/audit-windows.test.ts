import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { AuditEntry } from './audit-entry';
import { AUDIT_WINDOW_MS, AuditWindows } from './audit-windows';

const entry = (tool: string, fields: Partial<AuditEntry> = {}): AuditEntry => ({ time: 1, agent: 'a', server: 's', kind: 'tool', tool, durationMs: 0, outcome: 'error', ...fields });

function windows(limit = 3) {
  const written: AuditEntry[] = [];
  const clock = new ManualTimers();
  const w = new AuditWindows({
    limit,
    write: (e) => written.push(e),
    summary: (first, counted) => ({ ...first, requests: counted }),
    weight: (e) => e.requests ?? 1,
    clock,
  });
  return { w, written, clock };
}

describe('AuditWindows', () => {
  it('writes the first entries of a window, then one summary of the rest when its minute ends', () => {
    const { w, written, clock } = windows();
    for (let i = 0; i < 10; i++) w.add('scope', 'k', entry(`t${i}`));
    expect(written.map((e) => e.tool)).toEqual(['t0', 't1', 't2']);
    clock.advance(AUDIT_WINDOW_MS - 1);
    expect(written).toHaveLength(3);
    clock.advance(1);
    expect(written.at(-1)).toMatchObject({ tool: 't3', requests: 7 });
    expect(w.scopesKept).toBe(0);
  });

  it('says of each entry whether it was written or counted (what goes with it, a log line, follows the same rule)', () => {
    const { w, clock } = windows(2);
    expect([1, 2, 3, 4].map((i) => w.add('scope', 'k', entry(`t${i}`)))).toEqual([true, true, false, false]);
    clock.advance(AUDIT_WINDOW_MS);
    expect(w.add('scope', 'k', entry('t5'))).toBe(true);
    w.endAll();
    expect(w.add('scope', 'k', entry('t6'))).toBe(true);
  });

  it('keeps scopes and keys apart; an entry after the minute starts a new window, the old count first', () => {
    const { w, written, clock } = windows(1);
    const call = {};
    for (const scope of [call, 'agent']) for (const key of ['x', 'y']) for (let i = 0; i < 3; i++) w.add(scope, key, entry(key));
    expect(written).toHaveLength(4);
    expect(w.scopesKept).toBe(2);
    clock.advance(AUDIT_WINDOW_MS);
    expect(written.slice(4).map((e) => e.requests)).toEqual([2, 2, 2, 2]);
    w.add(call, 'x', entry('again'));
    expect(written.at(-1)).toMatchObject({ tool: 'again' });
    expect(written.at(-1)?.requests).toBeUndefined();
  });

  it('ends a window whose minute is over when the next entry comes, though its timer has not run', () => {
    const written: AuditEntry[] = [];
    let now = 0;
    const w = new AuditWindows({ limit: 1, write: (e) => written.push(e), summary: (first, counted) => ({ ...first, repeated: counted }), clock: { now: () => now, after: () => () => undefined } });
    w.add('a', '', entry('one'));
    w.add('a', '', entry('two'));
    now = AUDIT_WINDOW_MS;
    w.add('a', '', entry('three'));
    expect(written.map((e) => [e.tool, e.repeated])).toEqual([['one', undefined], ['two', 1], ['three', undefined]]);
  });

  it('ends every window with its minute, counted or not, so no scope is held past it', () => {
    const { w, written, clock } = windows();
    for (let i = 0; i < 100; i++) w.add({ call: i }, 'k', entry('once'));
    expect(w.scopesKept).toBe(100);
    clock.advance(AUDIT_WINDOW_MS);
    expect(w.scopesKept).toBe(0);
    expect(written).toHaveLength(100);
  });

  it('endAll (the audit closing) writes the count of every open window at once, and only once', () => {
    const { w, written, clock } = windows(1);
    for (let i = 0; i < 4; i++) w.add('a', 'k', entry('x', { requests: 2 }));
    w.add('b', 'k', entry('y'));
    clock.advance(AUDIT_WINDOW_MS / 2);
    w.endAll();
    expect(written.map((e) => [e.tool, e.requests])).toEqual([['x', 2], ['y', undefined], ['x', 6]]);
    w.endAll();
    clock.advance(AUDIT_WINDOW_MS);
    expect(written).toHaveLength(3);
    expect(w.scopesKept).toBe(0);
  });

  it('takes a lower limit for one add: one entry, then the rest counted', () => {
    const { w, written } = windows(20);
    for (let i = 0; i < 4; i++) w.add('a', 'k', entry('r'), 1);
    w.endAll();
    expect(written.map((e) => e.requests)).toEqual([undefined, 3]);
  });

  it('after endAll (the process stopping), counts a flood against the same budget: the next endAll writes it as one line', () => {
    const { w, written, clock } = windows(2);
    for (let i = 0; i < 3; i++) w.add('s', 'k', entry(`before${i}`));
    w.endAll();
    expect(written.map((e) => [e.tool, e.requests])).toEqual([['before0', undefined], ['before1', undefined], ['before2', 1]]);
    // The window's two written entries are spent: the stop's flood is counted, not a line each.
    for (let i = 0; i < 500; i++) w.add('s', 'k', entry(`late${i}`));
    w.add('fresh', 'k', entry('other'));
    expect(written.map((e) => e.tool)).toEqual(['before0', 'before1', 'before2', 'other']);
    w.endAll();
    expect(written.slice(4).map((e) => [e.tool, e.requests])).toEqual([['late0', 500]]);
    // Its minute still ends it: nothing more to write, nothing kept.
    clock.advance(AUDIT_WINDOW_MS);
    expect(written).toHaveLength(5);
    expect(w.scopesKept).toBe(0);
    expect(clock.pending).toEqual([]);
  });
});
