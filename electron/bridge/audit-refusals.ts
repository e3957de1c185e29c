import { createHash } from 'node:crypto';
import type { AuditEntry } from './audit-entry';

/** Refusals one agent may add to the audit in a window before the rest are counted into one line. */
export const REFUSALS_PER_WINDOW = 20;
export const REFUSAL_WINDOW_MS = 60_000;
/** An unresolved name or URI is kept up to this many characters, then a digest stands for the rest. */
export const REFUSED_NAME_CHARS = 256;

/**
 * What an agent asked for that named nothing (no server found it): cut, with a digest of the whole, so
 * that a refused 8 KiB URI costs the audit a few hundred bytes and two such names still tell apart.
 */
export function shortRefusedName(name: string): string {
  if (name.length <= REFUSED_NAME_CHARS) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${name.slice(0, REFUSED_NAME_CHARS - 32)}… (${name.length} characters, sha256 ${digest})`;
}

interface Window {
  started: number;
  written: number;
  /** The refusals counted, not written: the first of them stands for all in the summary line. */
  counted: number;
  first?: AuditEntry;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Refusals an agent causes alone (no server ran, nobody was asked) are cheap to cause: without a
 * bound, an agent could rotate its own earlier calls out of the audit by sending refused requests.
 * Per agent and window, the first REFUSALS_PER_WINDOW are written; the rest become one line with
 * `repeated` (how many it stands for), written when the window ends or the log closes.
 */
export class RefusalCounter {
  readonly #windows = new Map<string, Window>();
  readonly #write: (entry: AuditEntry) => void;
  readonly #setTimer: (run: () => void, ms: number) => ReturnType<typeof setTimeout>;

  constructor(write: (entry: AuditEntry) => void, setTimer?: (run: () => void, ms: number) => ReturnType<typeof setTimeout>) {
    this.#write = write;
    this.#setTimer = setTimer ?? ((run, ms) => setTimeout(run, ms).unref());
  }

  add(entry: AuditEntry): void {
    let window = this.#windows.get(entry.agent);
    if (window !== undefined && entry.time - window.started >= REFUSAL_WINDOW_MS) {
      this.#end(entry.agent, window);
      window = undefined;
    }
    if (window === undefined) {
      window = { started: entry.time, written: 0, counted: 0 };
      this.#windows.set(entry.agent, window);
    }
    if (window.written < REFUSALS_PER_WINDOW) {
      window.written += 1;
      this.#write(entry);
      return;
    }
    window.counted += 1;
    if (window.first === undefined) {
      window.first = entry;
      const open = window;
      const agent = entry.agent;
      open.timer = this.#setTimer(() => {
        if (this.#windows.get(agent) === open) this.#end(agent, open);
      }, Math.max(0, open.started + REFUSAL_WINDOW_MS - entry.time));
    }
  }

  /** Every window's count written now (the log is closing). */
  endAll(): void {
    for (const [agent, window] of [...this.#windows]) this.#end(agent, window);
  }

  #end(agent: string, window: Window): void {
    this.#windows.delete(agent);
    if (window.timer !== undefined) clearTimeout(window.timer);
    const first = window.first;
    if (first === undefined) return;
    const { arguments: _args, result: _result, ...kept } = first;
    this.#write({ ...kept, repeated: window.counted });
  }
}
