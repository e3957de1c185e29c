import { join } from 'node:path';
import { EVERYTHING } from '../fixtures/servers/config';
import { load } from './ab-figures';
import { startBenchProcess, type BenchProcess } from './bench-process';
import { LeanClient } from './lean-client';

// The bridge processes the era A/B scripts (era-ab.ts, handler-ab.ts) measure against each other.

const CONCURRENCY = 16;

/** A bridge process of one tree serving the everything fixture, with a session and a 2026-07-28 lean client. */
export interface AbSide {
  name: string;
  bridge: BenchProcess;
  session: LeanClient;
  modern: LeanClient;
}

/** A side for each `[name, tree]`, the bridge process started from that tree's fixture. */
export async function startAbSides(trees: ReadonlyArray<readonly [string, string]>): Promise<AbSide[]> {
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  const sides: AbSide[] = [];
  for (const [name, tree] of trees) {
    const bridge = await startBenchProcess(join(tree, 'test/fixtures/bridge/bridge-process.ts'), { BRIDGE_SERVERS: JSON.stringify({ everything }) });
    sides.push({ name, bridge, session: await LeanClient.connect(bridge.url, bridge.token), modern: LeanClient.modern(bridge.url, bridge.token) });
  }
  return sides;
}

export async function closeAbSides(sides: AbSide[]): Promise<void> {
  for (const side of sides) {
    await side.session.close();
    await side.modern.close();
    await side.bridge.stop();
  }
}

/** `calls` requests, request `i` made by `one(i)`, 16 in flight at a time. */
export async function concurrently(calls: number, one: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < calls) await one(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/**
 * Every kind measured on every side `warmup` times, then `rounds` rounds of `calls`, each round the
 * other side first, so load that comes and goes hits both alike. Prints the load and a line a round
 * (each figure as `show` writes it, then `units`); returns the figures of each `side kind`.
 */
export async function abRounds<K extends string, F>(
  sides: AbSide[],
  kinds: readonly K[],
  settings: { rounds: number; calls: number; warmup: number },
  measure: (side: AbSide, kind: K, calls: number) => Promise<F>,
  show: (figures: F) => string,
  units: string,
): Promise<Map<string, F[]>> {
  for (const side of sides) for (const kind of kinds) await measure(side, kind, settings.warmup);
  console.log(`load at the start: ${load()}`);
  const rows = new Map<string, F[]>();
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    const line: string[] = [];
    for (const side of order) {
      for (const kind of kinds) {
        const figures = await measure(side, kind, settings.calls);
        const key = `${side.name} ${kind}`;
        rows.set(key, [...(rows.get(key) ?? []), figures]);
        line.push(`${key} ${show(figures)}`);
      }
    }
    console.log(`round ${round}: ${line.join('  ')} (${units})`);
  }
  console.log(`load at the end: ${load()}`);
  return rows;
}
