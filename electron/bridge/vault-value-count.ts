import type { CallContext } from './call-context';

/** Calls of each agent that held a value we hold, since the bridge started (per bridge, so a test's bridge counts its own). */
const counts = new WeakMap<CallContext, Map<string, number>>();

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The warning, with how many of this agent's calls held a value we hold when this is not its first:
 * wrong guesses cost an agent nothing, so the person is told how often it got one right (SECURITY.md,
 * "Guessed values"). Agents are the person's own list, so the map stays as small as it is.
 */
export function countedWarning(ctx: CallContext, agent: string, warning: string): string {
  let mine = counts.get(ctx);
  if (!mine) counts.set(ctx, (mine = new Map<string, number>()));
  const n = (mine.get(agent) ?? 0) + 1;
  mine.set(agent, n);
  return n === 1 ? warning : `${warning} (the ${ordinal(n)} such call of ${agent} since Connected Services started)`;
}
