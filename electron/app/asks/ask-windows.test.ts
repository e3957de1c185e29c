import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import { AUDIT_WINDOW_MS } from '../../bridge';
import { ManualTimers } from '../../../test/support/manual-timers';
import { ASK_ENTRIES_PER_WINDOW, askWindowKey, askWindows } from './ask-windows';

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

describe('askWindows', () => {
  it('writes the first 20 a minute of a scope, server and kind, then one entry with `requests` counting the rest', () => {
    const written: AuditEntry[] = [];
    const clock = new ManualTimers();
    const w = askWindows((e) => written.push(e), clock);
    const scope = {};
    for (let i = 0; i < 5_000; i++) w.add(scope, askWindowKey(entry(i)), entry(i));
    w.add(scope, askWindowKey(entry(0, 't')), entry(0, 't'));
    w.add(scope, askWindowKey(entry(0, 's', 'sampling')), entry(0, 's', 'sampling'));
    expect(written).toHaveLength(ASK_ENTRIES_PER_WINDOW + 2);
    clock.advance(AUDIT_WINDOW_MS);
    expect(written.at(-1)).toMatchObject({ time: ASK_ENTRIES_PER_WINDOW, server: 's', kind: 'elicitation', requests: 5_000 - ASK_ENTRIES_PER_WINDOW });
  });

  it('counts what an entry stands for: a late roots entry of several requests', () => {
    const written: AuditEntry[] = [];
    const w = askWindows((e) => written.push(e), new ManualTimers());
    for (let i = 0; i < 4; i++) w.add('call', askWindowKey(entry(1, 's', 'roots')), { ...entry(1, 's', 'roots'), requests: 2 }, 1);
    w.endAll();
    expect(written.map((e) => e.requests)).toEqual([2, 6]);
  });
});
