import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

/** The last read of one store entry: when, for whom, and whether it gave a value (never the value). */
export interface StoreUseRecord {
  at: number;
  ok: boolean;
  server?: string;
  problem?: string;
  fix?: string;
}

/** Entries kept: a config names far fewer; the oldest read is forgotten past this. */
const MAX_ENTRIES = 1000;

const keyOf = (store: string, path: string): string => `${store}\u0000${path}`;

/**
 * The last outcome of each `${secret:STORE:PATH}` read since the app started, so the Access page can
 * say whether a reference resolved and when. Kept in memory: a server's start reads it again.
 */
export class StoreUses {
  readonly #last = new Map<string, StoreUseRecord>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  last(store: string, path: string): StoreUseRecord | undefined {
    return this.#last.get(keyOf(store, path));
  }

  /** Reads `path` through `get`, recording whether it resolved; the value passes through untouched. */
  async track(store: string, path: string, server: string | undefined, get: () => Promise<string | undefined>): Promise<string | undefined> {
    try {
      const value = await get();
      // A NUL byte cannot be passed in an environment, an argument or a header: read, but of no use to any server.
      const unusable = value?.includes('\u0000') === true;
      this.#record(store, path, {
        ok: value !== undefined && !unusable,
        ...(server !== undefined ? { server } : {}),
        ...(value === undefined ? { problem: `The store "${store}" holds no entry at "${path}".`, fix: `Add "${path}" to ${store}, or fix the path in mcp.json.` } : {}),
        ...(unusable ? { problem: `The value at "${path}" in "${store}" holds a NUL byte, which no server's environment, argument or header can carry.`, fix: `Change the value in ${store}.` } : {}),
      });
      return value;
    } catch (error) {
      const coded = error instanceof CodedError ? error : undefined;
      this.#record(store, path, {
        ok: false,
        ...(server !== undefined ? { server } : {}),
        problem: redact(coded?.message ?? 'The store could not be read.'),
        ...(coded?.hint !== undefined ? { fix: redact(coded.hint) } : {}),
      });
      throw error;
    }
  }

  #record(store: string, path: string, outcome: Omit<StoreUseRecord, 'at'>): void {
    const key = keyOf(store, path);
    // Re-inserted so the map's order is oldest read first, and the oldest is the one dropped.
    this.#last.delete(key);
    this.#last.set(key, { at: this.#now(), ...outcome });
    if (this.#last.size > MAX_ENTRIES) {
      const oldest = this.#last.keys().next().value;
      if (oldest !== undefined) this.#last.delete(oldest);
    }
  }
}
