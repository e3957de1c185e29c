/**
 * `npm run bench -- --write`: the run's table, with the machine it ran on and the date, written into
 * docs/benchmarks.md between `<!-- generated:bench:start -->` and `<!-- generated:bench:end -->`.
 * The page keeps only the latest run; earlier ones are in git.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { replaceGenerated } from '../../build/docs/markers.mjs';
import { summaryLines, type Row } from './report';

export const BENCH_PAGE = fileURLToPath(new URL('../../docs/benchmarks.md', import.meta.url));
export const BENCH_MARKER = 'bench';

export interface Machine {
  cores: number;
  cpu: string;
  node: string;
  os: string;
}

export function thisMachine(): Machine {
  return { cores: availableParallelism(), cpu: cpus()[0]?.model.trim() || 'CPU model unknown', node: process.version, os: `${type()} ${release()}` };
}

export interface RunFacts {
  /** When the run ended. */
  date: Date;
  machine: Machine;
  /** How long the whole run took. */
  seconds: number;
  /** Load averages (1, 5, 15 min) at the start and at the end. */
  loadStart: string;
  loadEnd: string;
}

/** What goes between the markers: when and where, the summary table, then each row's note. */
export function latestRunSection(rows: Row[], facts: RunFacts): string {
  const { machine } = facts;
  const lines = [
    `Latest full run: ${facts.date.toISOString().slice(0, 10)}, ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.os}; ` +
      `${Math.round(facts.seconds)} s, load average ${facts.loadStart} at the start and ${facts.loadEnd} at the end. ` +
      'Written by `npm run bench -- --write`.',
    '',
    ...summaryLines(rows, true),
  ];
  const notes = rows.filter((row) => row.note !== undefined && row.note !== '');
  if (notes.length > 0) lines.push('', 'Notes printed beside the rows:', '', ...notes.map((row) => `- \`${row.key}\`: ${(row.note ?? '').replace(/\s*\n\s*/g, ' ')}`));
  return lines.join('\n');
}

/** The page's text with its generated part replaced by this run. */
export function withLatestRun(page: string, rows: Row[], facts: RunFacts): string {
  return replaceGenerated(page, BENCH_MARKER, latestRunSection(rows, facts), 'docs/benchmarks.md');
}

export function writeBenchmarksPage(rows: Row[], facts: RunFacts, path = BENCH_PAGE): void {
  writeFileSync(path, withLatestRun(readFileSync(path, 'utf8'), rows, facts));
}

/** `--write` records a whole run with its targets: a `--quick` or `--only` run is refused before it starts. */
export function writeRefusal(args: string[]): string | undefined {
  if (!args.includes('--write')) return undefined;
  const partial = ['--quick', '--only'].filter((flag) => args.includes(flag));
  return partial.length === 0 ? undefined : `--write records a full run in docs/benchmarks.md: run it without ${partial.join(' and ')}`;
}
