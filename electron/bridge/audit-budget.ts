import type { DelayClock } from '../../shared/collections';
import type { AuditEntry } from './audit-entry';
import { AUDIT_WINDOW_MS, AuditWindows } from './audit-windows';

/** Bytes of arguments and results (as JSON) one agent's entries may record in a window; past it they are left out. */
export const RECORDED_BYTES_PER_WINDOW = 256 * 1024;
/** Calls of one agent with one outcome written one by one in a window; the rest are counted into one line. */
export const CALLS_PER_WINDOW = 600;

const sizeOf = (value: unknown): number => (value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0));

/**
 * What argument recording may cost the audit per agent: a read-tier tool with large arguments,
 * called in a loop, would otherwise rotate every other agent's history out of the size-bounded files
 * in seconds. Past the bound, an entry keeps who called what and how it ended, marked `leftOut`.
 */
export class RecordedBytes {
  readonly #spent = new Map<string, number>();
  readonly #now: () => number;
  readonly #limit: number;
  #start: number;

  constructor(clock?: Pick<DelayClock, 'now'>, limit = RECORDED_BYTES_PER_WINDOW) {
    this.#now = clock?.now ?? (() => performance.now());
    this.#limit = limit;
    this.#start = this.#now();
  }

  /** The entry, its arguments and result left out (in place) when its agent has recorded its bytes for the window. */
  fit(entry: AuditEntry): AuditEntry {
    if (entry.arguments === undefined && entry.result === undefined) return entry;
    const now = this.#now();
    // One window for every agent: the map holds at most the agents of one minute.
    if (now - this.#start >= AUDIT_WINDOW_MS) {
      this.#spent.clear();
      this.#start = now;
    }
    const spent = this.#spent.get(entry.agent) ?? 0;
    const bytes = sizeOf(entry.arguments) + sizeOf(entry.result);
    if (spent + bytes <= this.#limit) {
      this.#spent.set(entry.agent, spent + bytes);
      return entry;
    }
    this.#spent.set(entry.agent, this.#limit);
    delete entry.arguments;
    delete entry.result;
    entry.leftOut = 'flood';
    return entry;
  }
}

/**
 * Calls that ran are cheap to cause too (a read-tier tool is allowed without asking): per agent and
 * outcome, the first CALLS_PER_WINDOW of a window are written, the rest become one line with
 * `repeated`, so one agent's loop cannot push out other agents' calls, refusals and errors.
 */
export function callWindows(write: (entry: AuditEntry) => void, clock?: DelayClock): AuditWindows {
  return new AuditWindows({
    limit: CALLS_PER_WINDOW,
    write,
    summary: ({ arguments: _args, result: _result, ...kept }, counted) => ({ ...kept, repeated: counted }),
    ...(clock !== undefined ? { clock } : {}),
  });
}
