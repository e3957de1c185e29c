import { readFileSync } from 'node:fs';
import { spread } from './report';

// What the interleaved A/B scripts (era-ab.ts, handler-ab.ts) print beside their figures.

/** The median of a round's figures. */
export function median(values: number[]): number {
  return values.length === 0 ? Number.NaN : spread(values).median;
}

/** The machine's load average now (1, 5 and 15 minutes), written beside every figure. */
export const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
