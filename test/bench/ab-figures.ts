import { readFileSync } from 'node:fs';
import { spread } from './report';

// What the interleaved A/B scripts (era-ab.ts, handler-ab.ts) print beside their figures.

/** The median of a round's figures. */
export function median(values: number[]): number {
  return values.length === 0 ? Number.NaN : spread(values).median;
}

/** The machine's load average now (1, 5 and 15 minutes), written beside every figure. */
export const load = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** An A/B script's settings from its environment: AB_BEFORE (required), AB_AFTER (default `after`), AB_ROUNDS, AB_CALLS, AB_WARMUP. */
export function abSettings(script: string, after: string, defaults: { rounds: number; calls: number; warmup: number }): { before: string; after: string; rounds: number; calls: number; warmup: number } {
  const before = process.env['AB_BEFORE'];
  if (before === undefined) throw new Error(`AB_BEFORE: the tree of the code to compare against (see the header of ${script})`);
  const number = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
  return { before, after: process.env['AB_AFTER'] ?? after, rounds: number('AB_ROUNDS', defaults.rounds), calls: number('AB_CALLS', defaults.calls), warmup: number('AB_WARMUP', defaults.warmup) };
}

/** p50 in ms of `calls` echo calls one at a time, each answer checked. */
export async function sequentialP50(name: string, echo: (message: string) => Promise<string | undefined>, calls: number): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    const text = await echo(`m${i}`);
    latencies.push(performance.now() - t0);
    if (text !== `Echo: m${i}`) throw new Error(`${name}: call ${i} answered ${String(text)}`);
  }
  return median(latencies);
}
