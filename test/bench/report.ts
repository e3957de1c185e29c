/**
 * What every bench step hands back: rows of a figure against its baseline measured in the same run,
 * each as a spread over rounds, the ratio the target is about, and whether the target is met.
 */

/** Median and range of one figure over the rounds measured. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  n: number;
}

export function spread(values: number[]): Spread {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) throw new Error(`no finite value among ${values.length} samples`);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, min: sorted[0] ?? NaN, max: sorted.at(-1) ?? NaN, n: sorted.length };
}

/** Pairs of (ours, baseline) per round → the spread of their ratio. */
export function ratioSpread(ours: number[], baseline: number[], of: (a: number, b: number) => number = (a, b) => a / b): Spread {
  return spread(ours.map((value, i) => of(value, baseline[i] ?? NaN)));
}

export type Status = 'met' | 'missed' | 'not implemented' | 'info';

export interface Row {
  /** Stable key: the smoke test and the README refer to rows by it. */
  key: string;
  what: string;
  unit: string;
  ours: Spread;
  /** What ours is measured against, in the same run. */
  baseline: Spread;
  baselineLabel: string;
  /** The figure the target is about (a ratio, an added latency, a count) and its unit ("x the floor"). */
  figure: Spread;
  figureUnit: string;
  /** e.g. ">= 0.85x the floor"; empty when the row has none. */
  target: string;
  status: Status;
  /** Printed beside the row: a second client, what was skipped, why. */
  note?: string;
}

/** `value` against a bound: the status of a target. */
export function check(value: number, op: '>=' | '<=', bound: number): Status {
  return (op === '>=' ? value >= bound : value <= bound) ? 'met' : 'missed';
}

function digits(value: number): number {
  const abs = Math.abs(value);
  return abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
}

export function num(value: number, places = digits(value)): string {
  return value.toLocaleString('en', { minimumFractionDigits: places, maximumFractionDigits: places });
}

/** "3,378 (3,201–3,450)": median, then min–max when there was more than one round. */
export function showSpread(s: Spread, unit = ''): string {
  const whole = [s.median, s.min, s.max].every((v) => Number.isInteger(v));
  const places = whole ? 0 : digits(s.median);
  // A ratio's "x" sticks to its number: "0.52x the floor".
  const u = unit === '' ? '' : unit.startsWith('x') ? unit : ` ${unit}`;
  return s.n > 1 && s.min !== s.max ? `${num(s.median, places)}${u} (${num(s.min, places)}–${num(s.max, places)})` : `${num(s.median, places)}${u}`;
}

function verdict(status: Status): string {
  switch (status) {
    case 'met':
      return 'met';
    case 'missed':
      return 'MISSED';
    case 'not implemented':
      return 'MISSED (not implemented)';
    case 'info':
      return '';
  }
}

/** One block per row, for reading in a terminal. */
export function rowLines(row: Row): string[] {
  const lines = [
    `${row.what}`,
    `    ours      ${showSpread(row.ours, row.unit)}`,
    `    baseline  ${showSpread(row.baseline, row.unit)}   ${row.baselineLabel}`,
    `    figure    ${showSpread(row.figure, row.figureUnit)}${row.target === '' ? '' : `   target ${row.target}   ${verdict(row.status)}`}`,
  ];
  if (row.note) lines.push(`    note      ${row.note}`);
  return lines;
}

/** The summary: one markdown table line per row (the README's table is pasted from it). */
export function summaryLines(rows: Row[], enforced: boolean): string[] {
  const lines = ['| row | what | figure (median, min–max) | ours | baseline | target | |', '| --- | --- | --- | --- | --- | --- | --- |'];
  for (const row of rows) {
    const status = enforced ? verdict(row.status) : row.target === '' ? '' : 'not enforced (--quick)';
    lines.push(
      `| ${row.key} | ${row.what} | ${showSpread(row.figure, row.figureUnit)} | ${showSpread(row.ours, row.unit)} | ${showSpread(row.baseline, row.unit)} | ${row.target} | ${status} |`,
    );
  }
  return lines;
}

export function missed(rows: Row[]): Row[] {
  return rows.filter((row) => row.status === 'missed' || row.status === 'not implemented');
}

/** One line per missed target, to be found in a long log: "FAIL cpu-2026: 1.40x a session call (target <= 1.0x)". */
export function failLines(rows: Row[]): string[] {
  return missed(rows).map((row) => `FAIL ${row.key}: ${showSpread(row.figure, row.figureUnit)} (target ${row.target})`);
}

export interface Step {
  name: string;
  run(): Promise<Row[] | string[]>;
}

/** The steps `--only` names (all without it); an unknown name is an error naming the known ones, not a run of nothing. */
export function pickSteps(steps: Step[], only: string[] | undefined): Step[] {
  if (only === undefined) return steps;
  const known = new Set(steps.map((step) => step.name));
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length > 0 || only.length === 0) {
    throw new Error(`--only takes step names separated by commas: ${[...known].join(', ')} (${unknown.length > 0 ? `not ${unknown.map((n) => `"${n}"`).join(', ')}` : 'none given'})`);
  }
  return steps.filter((step) => only.includes(step.name));
}

/**
 * Runs every step, printing each as it ends; a step that throws is reported by name and message
 * and the others still run, so one broken step never hides the rest. `between` runs before every
 * step but the first (the full run waits there, so what a step leaves behind, its processes exiting
 * and gigabytes of memory being freed, does not run during the next one's rounds).
 */
export async function runSteps(steps: Step[], print: (line: string) => void, between?: () => Promise<void>): Promise<{ rows: Row[]; failures: string[] }> {
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const [i, step] of steps.entries()) {
    if (i > 0) await between?.();
    const t0 = performance.now();
    try {
      const result = await step.run();
      print(`\n[${step.name}] ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      for (const item of result) {
        if (typeof item === 'string') print(`  ${item}`);
        else {
          rows.push(item);
          for (const line of rowLines(item)) print(`  ${line}`);
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${step.name}: ${message}`);
      print(`\n[${step.name}] STEP FAILED: ${message}`);
    }
  }
  return { rows, failures };
}

/** 2 when a step failed; else 1 when a target was missed and targets are enforced; else 0. */
export function exitCode(rows: Row[], failures: string[], enforced: boolean): number {
  if (failures.length > 0) return 2;
  return enforced && missed(rows).length > 0 ? 1 : 0;
}
