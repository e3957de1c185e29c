import type { AuditEntry } from '../../../shared/api';

/** Entries of one (call, server, kind) a minute written one by one; the rest are counted into one. */
export const ASK_ENTRIES_PER_WINDOW = 20;
export const ASK_WINDOW_MS = 60_000;

type SetTimer = (run: () => void, ms: number) => ReturnType<typeof setTimeout>;

interface Window {
  started: number;
  written: number;
  counted: number;
  /** The first counted entry: it stands for all of them, with `requests`. */
  first?: AuditEntry;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * A server's requests cost it nothing to send and each would be an audit entry: without a bound, one
 * server could rotate every agent's history out of the size-bounded audit. Per scope (a call's asker,
 * or one for requests outside any call), server and kind, the first `limit` a minute are written; the
 * rest become one entry with `requests` (how many it stands for), written when the minute ends. A
 * window is dropped when its minute ends, so no scope outlives its last minute of requests.
 */
export class AskWindows {
  readonly #scopes = new Map<object, Map<string, Window>>();
  readonly #write: (entry: AuditEntry) => void;
  readonly #setTimer: SetTimer;

  constructor(write: (entry: AuditEntry) => void, setTimer?: SetTimer) {
    this.#write = write;
    this.#setTimer = setTimer ?? ((run, ms) => setTimeout(run, ms).unref());
  }

  add(scope: object, entry: AuditEntry, limit = ASK_ENTRIES_PER_WINDOW): void {
    let windows = this.#scopes.get(scope);
    if (windows === undefined) {
      windows = new Map();
      this.#scopes.set(scope, windows);
    }
    const key = `${entry.server}\0${entry.kind}`;
    let window = windows.get(key);
    if (window !== undefined && entry.time - window.started >= ASK_WINDOW_MS) {
      this.#end(scope, key, window);
      window = undefined;
    }
    if (window === undefined) {
      const open: Window = { started: entry.time, written: 0, counted: 0 };
      // Every window ends with its minute, counted or not: a call's asker (and what it holds) is not kept past it.
      open.timer = this.#setTimer(() => {
        if (this.#scopes.get(scope)?.get(key) === open) this.#end(scope, key, open);
      }, ASK_WINDOW_MS);
      window = open;
      windows.set(key, window);
    }
    if (window.written < limit) {
      window.written += 1;
      this.#write(entry);
      return;
    }
    window.counted += entry.requests ?? 1;
    window.first ??= entry;
  }

  /** How many scopes have a window open (each ends with its minute). */
  get scopesKept(): number {
    return this.#scopes.size;
  }

  /** Every count written now (the app is stopping). */
  endAll(): void {
    for (const [scope, windows] of [...this.#scopes]) for (const [key, window] of [...windows]) this.#end(scope, key, window);
  }

  #end(scope: object, key: string, window: Window): void {
    const windows = this.#scopes.get(scope);
    windows?.delete(key);
    if (windows?.size === 0) this.#scopes.delete(scope);
    if (window.timer !== undefined) clearTimeout(window.timer);
    if (window.first !== undefined) this.#write({ ...window.first, requests: window.counted });
  }
}
