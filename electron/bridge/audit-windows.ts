import { DelayList, type DelayClock, type Delayed } from '../../shared/collections';
import type { AuditEntry } from './audit-entry';

/** How long one window of counted audit entries lasts. */
export const AUDIT_WINDOW_MS = 60_000;

export interface AuditWindowsOptions<T = AuditEntry> {
  /** Entries of one window written one by one; the rest are counted into one (`add` may ask fewer). */
  limit: number;
  write: (entry: T) => void;
  /** The one entry that stands for the `counted` entries of a window; `first` is the first of them. */
  summary: (first: T, counted: number) => T;
  /** How many an entry counts for: 1 unless it stands for several already. */
  weight?: (entry: T) => number;
  /** The windows' timer and clock (DelayList's: an unref'd setTimeout, performance.now). */
  clock?: DelayClock;
}

type Scope = object | string;

interface Window<T> extends Delayed<Window<T>> {
  readonly scope: Scope;
  readonly key: string;
  written: number;
  counted: number;
  /** The first counted entry: it stands for all of them in the summary. */
  first: T | undefined;
}

/**
 * Audit entries that are cheap to cause (an agent's refused names, a server's requests) would each be
 * a line: without a bound, one agent or server could rotate everyone's history out of the size-bounded
 * audit. Per scope and key, the first `limit` of a window are written; the rest become one summary,
 * written when the window ends: with its minute (every window, counted or not, so nothing it names is
 * kept past it), at the first entry after it, or at `endAll` (the audit closing), which writes what
 * each window counted so far and leaves its budget spent: a flood while the process stops is counted too.
 */
export class AuditWindows<T = AuditEntry> {
  readonly #scopes = new Map<Scope, Map<string, Window<T>>>();
  readonly #open: DelayList<Window<T>>;
  readonly #options: AuditWindowsOptions<T>;
  readonly #now: () => number;

  constructor(options: AuditWindowsOptions<T>) {
    this.#options = options;
    this.#open = new DelayList<Window<T>>(AUDIT_WINDOW_MS, options.clock);
    this.#now = options.clock?.now ?? (() => performance.now());
  }

  /** True when the entry was written as it came; false when it was counted into its window's summary. */
  add(scope: Scope, key: string, entry: T, limit = this.#options.limit): boolean {
    let window = this.#scopes.get(scope)?.get(key);
    // Its minute is over though its timer has not run yet (a busy process): the count is that minute's.
    if (window?.due !== undefined && this.#now() >= window.due) {
      this.#end(window);
      window = undefined;
    }
    window ??= this.#opened(scope, key);
    if (window.written < limit) {
      window.written += 1;
      this.#options.write(entry);
      return true;
    }
    window.counted += this.#options.weight?.(entry) ?? 1;
    window.first ??= entry;
    return false;
  }

  /** Each open window's count so far, as the summary it will write: a reader sees a flood before its minute ends, nothing written for it. */
  counting(): T[] {
    const summaries: T[] = [];
    for (const windows of this.#scopes.values()) for (const window of windows.values()) if (window.first !== undefined) summaries.push(this.#options.summary(window.first, window.counted));
    return summaries;
  }

  /** How many scopes have a window open (each ends with its minute). */
  get scopesKept(): number {
    return this.#scopes.size;
  }

  /**
   * What every window counted so far, written now: the audit is closing, or the process exits. Each
   * window keeps its minute and what it wrote, so what comes later is counted as before (a flood while
   * the process stops is not a line a request); the caller ends them again before the process exits.
   */
  endAll(): void {
    for (const windows of this.#scopes.values()) for (const window of windows.values()) this.#writeCounted(window);
  }

  #opened(scope: Scope, key: string): Window<T> {
    const window: Window<T> = {
      scope,
      key,
      written: 0,
      counted: 0,
      first: undefined,
      prev: undefined,
      next: undefined,
      due: undefined,
      elapsed: () => this.#end(window),
    };
    let windows = this.#scopes.get(scope);
    if (windows === undefined) {
      windows = new Map();
      this.#scopes.set(scope, windows);
    }
    windows.set(key, window);
    this.#open.add(window);
    return window;
  }

  #end(window: Window<T>): void {
    this.#open.remove(window);
    const windows = this.#scopes.get(window.scope);
    if (windows?.get(window.key) !== window) return;
    windows.delete(window.key);
    if (windows.size === 0) this.#scopes.delete(window.scope);
    this.#writeCounted(window);
  }

  #writeCounted(window: Window<T>): void {
    const first = window.first;
    if (first === undefined) return;
    window.first = undefined;
    const counted = window.counted;
    window.counted = 0;
    this.#options.write(this.#options.summary(first, counted));
  }
}
