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
  /** The figure the target is about (a ratio, an added latency, a count) and how to print it. */
  figure: Spread;
  figureLabel: string;
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
  const u = unit === '' ? '' : ` ${unit}`;
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
    `    figure    ${row.figureLabel.replace('{}', showSpread(row.figure))}${row.target === '' ? '' : `   target ${row.target}   ${verdict(row.status)}`}`,
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
      `| ${row.key} | ${row.what} | ${row.figureLabel.replace('{}', showSpread(row.figure))} | ${showSpread(row.ours, row.unit)} | ${showSpread(row.baseline, row.unit)} | ${row.target} | ${status} |`,
    );
  }
  return lines;
}

export function missed(rows: Row[]): Row[] {
  return rows.filter((row) => row.status === 'missed' || row.status === 'not implemented');
}
