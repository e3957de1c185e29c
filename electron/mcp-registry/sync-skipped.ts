import { createHash } from 'node:crypto';

/** Skipped entries remembered by key: past this many, each further one is counted as it comes. */
export const SKIPPED_KEYS_KEPT = 20_000;

export interface SkippedCount {
  invalid: number;
  hostile: number;
}

/** What a refused item is: its name@version when it has them, else its text; never kept as it came. */
function keyOf(kind: keyof SkippedCount, item: unknown): string {
  const server = item !== null && typeof item === 'object' ? (item as { server?: unknown }).server : undefined;
  const name = server !== null && typeof server === 'object' ? (server as { name?: unknown }).name : undefined;
  const version = server !== null && typeof server === 'object' ? (server as { version?: unknown }).version : undefined;
  let what: string;
  if (typeof name === 'string' && typeof version === 'string') what = `${name}@${version}`;
  else {
    try {
      what = `#${JSON.stringify(item)}`;
    } catch {
      what = '#unreadable';
    }
  }
  return createHash('sha256').update(`${kind}:${what}`).digest('base64').slice(0, 22);
}

/**
 * Refused entries counted once per name@version across the syncs since the last full one: a registry
 * that ignores `updated_since` sends every refused entry again on each refresh.
 */
export class SkippedEntries {
  readonly count: SkippedCount;
  readonly #keys: Set<string>;

  constructor(previous?: { skipped: SkippedCount; skippedKeys?: string[] | undefined }) {
    this.count = previous ? { ...previous.skipped } : { invalid: 0, hostile: 0 };
    this.#keys = new Set(previous?.skippedKeys ?? []);
  }

  add(kind: keyof SkippedCount, item: unknown): void {
    const key = keyOf(kind, item);
    if (this.#keys.has(key)) return;
    if (this.#keys.size < SKIPPED_KEYS_KEPT) this.#keys.add(key);
    this.count[kind] += 1;
  }

  keys(): string[] {
    return [...this.#keys];
  }
}
