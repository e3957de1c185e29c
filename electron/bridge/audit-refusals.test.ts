import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './audit-entry';
import { REFUSALS_PER_WINDOW, REFUSAL_WINDOW_MS, REFUSED_NAME_CHARS, RefusalCounter, shortRefusedName } from './audit-refusals';

function refusal(time: number, agent = 'a1', tool = `missing-${time}`): AuditEntry {
  return { time, agent, server: '', kind: 'tool', tool, durationMs: 0, outcome: 'error', errorCode: 'not_found', arguments: { big: 'x' } };
}

function counter() {
  const written: AuditEntry[] = [];
  const timers: Array<{ run: () => void; ms: number }> = [];
  const c = new RefusalCounter(
    (e) => written.push(e),
    (run, ms) => {
      timers.push({ run, ms });
      return setTimeout(() => undefined, 0);
    },
  );
  return { c, written, timers };
}

describe('RefusalCounter', () => {
  it('writes the first refusals of a window, then counts the rest into one line when the window ends', () => {
    const { c, written, timers } = counter();
    for (let i = 0; i < 500; i++) c.add(refusal(i));
    expect(written).toHaveLength(REFUSALS_PER_WINDOW);
    expect(timers).toHaveLength(1);
    expect(timers[0]?.ms).toBe(REFUSAL_WINDOW_MS - REFUSALS_PER_WINDOW);
    timers[0]?.run();
    expect(written).toHaveLength(REFUSALS_PER_WINDOW + 1);
    const summary = written.at(-1);
    expect(summary?.repeated).toBe(500 - REFUSALS_PER_WINDOW);
    expect(summary?.tool).toBe(`missing-${REFUSALS_PER_WINDOW}`);
    expect(summary && 'arguments' in summary).toBe(false);
  });

  it('counts each agent apart, so one agent cannot use up another\'s lines', () => {
    const { c, written } = counter();
    for (let i = 0; i < 100; i++) c.add(refusal(i, 'noisy'));
    c.add(refusal(100, 'quiet'));
    expect(written.filter((e) => e.agent === 'quiet')).toHaveLength(1);
    expect(written.filter((e) => e.agent === 'noisy')).toHaveLength(REFUSALS_PER_WINDOW);
  });

  it('starts a new window after a minute, writing the old count first; endAll writes every count', () => {
    const { c, written } = counter();
    for (let i = 0; i < REFUSALS_PER_WINDOW + 5; i++) c.add(refusal(i));
    c.add(refusal(REFUSAL_WINDOW_MS + 1));
    expect(written.at(-2)?.repeated).toBe(5);
    expect(written.at(-1)?.time).toBe(REFUSAL_WINDOW_MS + 1);
    for (let i = 0; i < REFUSALS_PER_WINDOW + 2; i++) c.add(refusal(REFUSAL_WINDOW_MS + 2 + i));
    c.endAll();
    expect(written.at(-1)?.repeated).toBe(3);
    c.endAll();
    expect(written.at(-1)?.repeated).toBe(3);
  });
});

describe('shortRefusedName', () => {
  it('keeps short names and cuts long ones with their length and a digest that tells them apart', () => {
    expect(shortRefusedName('gh__list')).toBe('gh__list');
    const a = shortRefusedName(`file:///${'a'.repeat(8000)}`);
    const b = shortRefusedName(`file:///${'a'.repeat(7999)}b`);
    expect(a.length).toBeLessThanOrEqual(REFUSED_NAME_CHARS + 60);
    expect(a).toContain('8008 characters');
    expect(a).not.toBe(b);
  });
});
