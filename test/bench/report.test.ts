import { describe, expect, it } from 'vitest';
import { check, exitCode, failLines, pickSteps, ratioSpread, runSteps, showSpread, spread, summaryLines, type Row } from './report';

function row(key: string, status: Row['status']): Row {
  const s = spread([1, 2, 3]);
  return { key, what: key, unit: 'ms', ours: s, baseline: s, baselineLabel: 'base', figure: s, figureUnit: 'x the floor', target: '<= 1x', status };
}

describe('bench report', () => {
  it('gives the median and range of the finite values, and refuses none', () => {
    expect(spread([5, 1, NaN, 3])).toEqual({ median: 3, min: 1, max: 5, n: 3 });
    expect(() => spread([NaN])).toThrow(/no finite value/);
  });

  it('pairs rounds for ratios and differences', () => {
    expect(ratioSpread([10, 30], [5, 10]).median).toBe(3);
    expect(ratioSpread([1.5, 1.2], [1, 1], (a, b) => a - b).min).toBeCloseTo(0.2);
  });

  it('prints the median with its range, whole counts without decimals', () => {
    expect(showSpread(spread([3201, 3378, 3450]), 'calls/s')).toBe('3,378 calls/s (3,201–3,450)');
    expect(showSpread(spread([1, 1]), 'token requests')).toBe('1 token requests');
    expect(showSpread(spread([0.4]))).toBe('0.40');
    expect(showSpread(spread([0.52, 0.48, 0.561]), 'x the floor')).toBe('0.52x the floor (0.48–0.56)');
  });

  it('prints one FAIL line per missed target, none for the met ones', () => {
    expect(failLines([row('cpu-2026', 'missed'), row('throughput', 'met'), row('gone', 'not implemented')])).toEqual([
      'FAIL cpu-2026: 2x the floor (1–3) (target <= 1x)',
      'FAIL gone: 2x the floor (1–3) (target <= 1x)',
    ]);
  });

  it('checks targets both ways', () => {
    expect(check(0.9, '>=', 0.85)).toBe('met');
    expect(check(0.5, '>=', 0.85)).toBe('missed');
    expect(check(0.31, '<=', 0.3)).toBe('missed');
  });

  it('runs every step even when one throws, naming it and its message', async () => {
    const lines: string[] = [];
    const { rows, failures } = await runSteps(
      [
        { name: 'broken', run: () => Promise.reject(new Error('App API listTools answered HTTP 401')) },
        { name: 'fine', run: () => Promise.resolve([row('a', 'met')]) },
      ],
      (line) => lines.push(line),
    );
    expect(failures).toEqual(['broken: App API listTools answered HTTP 401']);
    expect(rows.map((r) => r.key)).toEqual(['a']);
    expect(lines.join('\n')).toContain('[broken] STEP FAILED: App API listTools answered HTTP 401');
  });

  it('picks the steps --only names, and refuses a name it does not know instead of running nothing', () => {
    const steps = ['bridge', 'memory', 'cli'].map((name) => ({ name, run: () => Promise.resolve([] as Row[]) }));
    expect(pickSteps(steps, undefined).map((s) => s.name)).toEqual(['bridge', 'memory', 'cli']);
    expect(pickSteps(steps, ['cli', 'bridge']).map((s) => s.name)).toEqual(['bridge', 'cli']);
    expect(() => pickSteps(steps, ['brdige'])).toThrow('--only takes step names separated by commas: bridge, memory, cli (not "brdige")');
    expect(() => pickSteps(steps, [])).toThrow('(none given)');
  });

  it('runs `between` before every step but the first, after the step before it ended', async () => {
    const events: string[] = [];
    const step = (name: string) => ({ name, run: () => Promise.resolve(events.push(`run ${name}`)).then(() => [] as Row[]) });
    await runSteps([step('a'), step('b'), step('c')], () => undefined, () => Promise.resolve(void events.push('between')));
    expect(events).toEqual(['run a', 'between', 'run b', 'between', 'run c']);
  });

  it('exits 2 on a failed step, 1 on a missed target only when enforced, else 0', () => {
    expect(exitCode([row('a', 'met')], ['x: boom'], false)).toBe(2);
    expect(exitCode([row('a', 'missed')], [], true)).toBe(1);
    expect(exitCode([row('a', 'not implemented')], [], true)).toBe(1);
    expect(exitCode([row('a', 'missed')], [], false)).toBe(0);
    expect(exitCode([row('a', 'met'), row('b', 'info')], [], true)).toBe(0);
  });

  it('summarizes one table line per row with its verdict', () => {
    const [header, , first, second] = summaryLines([row('a', 'missed'), row('b', 'not implemented')], true);
    expect(header).toMatch(/^\| row \|/);
    expect(first).toBe('| a | a | 2x the floor (1–3) | 2 ms (1–3) | 2 ms (1–3) | <= 1x | MISSED |');
    expect(second).toContain('MISSED (not implemented)');
  });
});
