import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { ASK_ENTRIES_PER_WINDOW, AskWindows } from './ask-windows';

const entry = (time: number, server = 's', kind: AuditEntry['kind'] = 'elicitation'): AuditEntry => ({
  time,
  agent: '',
  server,
  kind,
  tool: '(outside any call)',
  durationMs: 0,
  outcome: 'denied',
  answer: 'decline',
  answeredBy: 'nobody',
});

function windows() {
  const written: AuditEntry[] = [];
  const timers: Array<() => void> = [];
  const w = new AskWindows((e) => written.push(e), (run) => {
    timers.push(run);
    return setTimeout(() => undefined, 0);
  });
  return { w, written, fire: () => timers.splice(0).forEach((run) => run()) };
}

describe('AskWindows', () => {
  it('writes the first 20 a minute of a scope, server and kind, then one entry counting the rest', () => {
    const { w, written, fire } = windows();
    const scope = {};
    for (let i = 0; i < 5_000; i++) w.add(scope, entry(1_000 + i));
    expect(written).toHaveLength(ASK_ENTRIES_PER_WINDOW);
    fire();
    expect(written).toHaveLength(ASK_ENTRIES_PER_WINDOW + 1);
    expect(written.at(-1)).toMatchObject({ time: 1_000 + ASK_ENTRIES_PER_WINDOW, requests: 5_000 - ASK_ENTRIES_PER_WINDOW });
  });

  it('keeps other servers, kinds and scopes apart, and a new minute starts afresh', () => {
    const { w, written } = windows();
    const a = {};
    const b = {};
    for (let i = 0; i < 30; i++) {
      w.add(a, entry(1_000));
      w.add(a, entry(1_000, 't'));
      w.add(a, entry(1_000, 's', 'sampling'));
      w.add(b, entry(1_000));
    }
    expect(written).toHaveLength(4 * ASK_ENTRIES_PER_WINDOW);
    w.add(a, entry(61_000));
    // The old minute's count, then the new minute's first entry.
    expect(written.slice(-2)).toMatchObject([{ time: 1_000, requests: 10 }, { time: 61_000 }]);
    expect(written.at(-1)?.requests).toBeUndefined();
  });

  it('a limit of one writes the first and counts every later one, however many each stands for', () => {
    const { w, written } = windows();
    const scope = {};
    for (let i = 0; i < 4; i++) w.add(scope, { ...entry(1_000, 's', 'roots'), requests: 1 }, 1);
    w.endAll();
    expect(written.map((e) => e.requests)).toEqual([1, 3]);
  });

  it('keeps no scope past its minute: a call that asked once is not held for the life of the process', () => {
    const { w, written, fire } = windows();
    for (let i = 0; i < 100; i++) w.add({ call: i }, entry(1_000 + i));
    expect(w.scopesKept).toBe(100);
    fire();
    expect(w.scopesKept).toBe(0);
    // Nothing was counted, so the minutes' ends write nothing more.
    expect(written).toHaveLength(100);
  });
});
