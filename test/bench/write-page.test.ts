import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spread, type Row } from './report';
import { latestRunSection, thisMachine, withLatestRun, writeBenchmarksPage, writeRefusal, type RunFacts } from './write-page';

const dir = mkdtempSync(join(tmpdir(), 'bench-page-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function row(key: string, note?: string): Row {
  return {
    key,
    what: `${key} row`,
    unit: 'calls/s',
    ours: spread([7000, 7842, 9000]),
    baseline: spread([9065]),
    baselineLabel: 'the floor',
    figure: spread([0.85, 0.92, 0.97]),
    figureUnit: 'x the floor',
    target: '>= 0.85x',
    status: 'met',
    ...(note !== undefined ? { note } : {}),
  };
}

const facts: RunFacts = {
  date: new Date('2026-11-25T18:04:00Z'),
  machine: { cores: 2, cpu: 'Example CPU @ 2.00GHz', node: 'v20.20.2', os: 'Linux 6.1.0' },
  seconds: 325.4,
  loadStart: '0.90 0.80 0.70',
  loadEnd: '5.70 3.10 1.20',
};

const PAGE = ['# Benchmarks', '', 'Prose before.', '', '<!-- generated:bench:start -->', 'an old run', '<!-- generated:bench:end -->', '', 'Prose after.', ''].join('\n');

describe('bench --write', () => {
  it('says when and where the run was made, then its table and the rows\' notes', () => {
    const section = latestRunSection([row('throughput', 'the real serve: 0.95x\nthe floor'), row('latency')], facts);
    const lines = section.split('\n');
    expect(lines[0]).toBe(
      'Latest full run: 2026-11-25, 2 cores (Example CPU @ 2.00GHz), Node v20.20.2, Linux 6.1.0; 325 s, load average 0.90 0.80 0.70 at the start and 5.70 3.10 1.20 at the end. Written by `npm run bench -- --write`.',
    );
    expect(lines).toContain('| throughput | throughput row | 0.92x the floor (0.85–0.97) | 7,842 calls/s (7,000–9,000) | 9,065 calls/s | >= 0.85x | met |');
    expect(lines.at(-1)).toBe('- `throughput`: the real serve: 0.95x the floor');
    expect(section).not.toContain('`latency`:');
  });

  it('replaces only what is between the markers, keeping the prose around them', () => {
    const next = withLatestRun(PAGE, [row('throughput')], facts);
    expect(next.startsWith('# Benchmarks\n\nProse before.\n\n<!-- generated:bench:start -->\nLatest full run: 2026-11-25')).toBe(true);
    expect(next.endsWith('met |\n<!-- generated:bench:end -->\n\nProse after.\n')).toBe(true);
    expect(next).not.toContain('an old run');
    // Written twice, the page is the same: nothing accumulates.
    expect(withLatestRun(next, [row('throughput')], facts)).toBe(next);
  });

  it('writes the page in place, and refuses a page without its markers', () => {
    const path = join(dir, 'benchmarks.md');
    writeFileSync(path, PAGE);
    writeBenchmarksPage([row('throughput')], facts, path);
    expect(readFileSync(path, 'utf8')).toContain('| throughput |');
    writeFileSync(path, '# Benchmarks\n');
    expect(() => writeBenchmarksPage([row('throughput')], facts, path)).toThrow('docs/benchmarks.md needs exactly one pair of markers <!-- generated:bench:start -->');
  });

  it('records full runs only', () => {
    expect(writeRefusal(['--write'])).toBeUndefined();
    expect(writeRefusal(['--quick'])).toBeUndefined();
    expect(writeRefusal(['--write', '--quick'])).toBe('--write records a full run in docs/benchmarks.md: run it without --quick');
    expect(writeRefusal(['--only', 'bridge', '--write'])).toMatch(/without --only$/);
  });

  it('names this machine', () => {
    const machine = thisMachine();
    expect(machine.cores).toBeGreaterThan(0);
    expect(machine.node).toBe(process.version);
    expect(machine.cpu).not.toBe('');
  });
});
