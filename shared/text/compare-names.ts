/**
 * Names in a person's order without a collator: case folded first, then as written, so `alpha`,
 * `Beta`, `gamma` stay in that order. `localeCompare` would build an ICU collator, about 3 MB of
 * resident memory the core keeps for its life (docs/benchmarks.md, "Idle memory and ICU").
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
