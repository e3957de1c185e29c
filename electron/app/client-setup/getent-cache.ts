import type { GetentDatabase, GetentRunner } from './getent';

/**
 * How long an answer of getent is taken again: a client file's checks come in bursts (each folder up to
 * the home, connect then status), and a directory lookup (LDAP, sssd) may take seconds. Short, so a
 * group changed meanwhile is seen within it.
 */
export const GETENT_CACHE_MS = 30_000;
/** Answers kept at most: `group GID`, `passwd`, `passwd UID` for the few groups a client's folders have. */
export const GETENT_CACHE_ENTRIES = 32;

interface Cached {
  at: number;
  answer: Promise<string | undefined>;
}

/** The key of a lookup that can be kept: a fixed database and an id of decimal digits, else none. */
function keyOf(database: GetentDatabase, id: number | undefined): string | undefined {
  if (id === undefined) return database;
  return Number.isSafeInteger(id) && id >= 0 ? `${database} ${id}` : undefined;
}

/**
 * `run`, whose answers (a failure too) are kept for `ttlMs` per database and id, `maxEntries` at most
 * (the oldest is dropped first). A lookup asked again while it runs shares that run.
 */
export function cachedGetent(run: GetentRunner, now: () => number, ttlMs = GETENT_CACHE_MS, maxEntries = GETENT_CACHE_ENTRIES): GetentRunner {
  const cache = new Map<string, Cached>();
  return (database, id) => {
    const key = keyOf(database, id);
    if (key === undefined) return run(database, id);
    const at = now();
    const kept = cache.get(key);
    // A clock set back ends the answer too.
    if (kept !== undefined && at >= kept.at && at - kept.at < ttlMs) return kept.answer;
    cache.delete(key);
    for (const [old, entry] of cache) if (at < entry.at || at - entry.at >= ttlMs) cache.delete(old);
    while (cache.size >= maxEntries) {
      const oldest = cache.keys().next();
      if (oldest.done === true) break;
      cache.delete(oldest.value);
    }
    const answer = run(database, id);
    cache.set(key, { at, answer });
    return answer;
  };
}
