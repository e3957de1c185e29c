import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { AuditEntry } from './audit-entry';
import { REFUSALS_PER_WINDOW, REFUSED_NAME_CHARS, refusalWindows, shortRefusedName } from './audit-refusals';
import { AUDIT_WINDOW_MS } from './audit-windows';

function refusal(time: number, agent = 'a1', tool = `missing-${time}`): AuditEntry {
  return { time, agent, server: '', kind: 'tool', tool, durationMs: 0, outcome: 'error', errorCode: 'not_found', arguments: { big: 'x' } };
}

function counter() {
  const written: AuditEntry[] = [];
  const clock = new ManualTimers();
  return { c: refusalWindows((e) => written.push(e), clock), written, clock };
}

describe('refusalWindows', () => {
  it('writes the first refusals of a minute, then one line with `repeated` and without arguments', () => {
    const { c, written, clock } = counter();
    for (let i = 0; i < 500; i++) c.add('a1', '', refusal(i));
    expect(written).toHaveLength(REFUSALS_PER_WINDOW);
    clock.advance(AUDIT_WINDOW_MS);
    expect(written).toHaveLength(REFUSALS_PER_WINDOW + 1);
    const summary = written.at(-1);
    expect(summary?.repeated).toBe(500 - REFUSALS_PER_WINDOW);
    expect(summary?.tool).toBe(`missing-${REFUSALS_PER_WINDOW}`);
    expect(summary && 'arguments' in summary).toBe(false);
  });

  it("counts each agent apart, so one agent cannot use up another's lines", () => {
    const { c, written } = counter();
    for (let i = 0; i < 100; i++) c.add('noisy', '', refusal(i, 'noisy'));
    c.add('quiet', '', refusal(100, 'quiet'));
    expect(written.filter((e) => e.agent === 'quiet')).toHaveLength(1);
    expect(written.filter((e) => e.agent === 'noisy')).toHaveLength(REFUSALS_PER_WINDOW);
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
