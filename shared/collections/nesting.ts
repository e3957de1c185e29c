/**
 * Whether `value` nests objects or arrays deeper than `max` (a flat object is 1 deep). Recursion is
 * safe: it never goes more than `max` + 1 calls down, and allocates nothing on the call's hot path.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max <= 0) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (nestsDeeperThan(item, max - 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) if (nestsDeeperThan(record[key], max - 1)) return true;
  return false;
}
