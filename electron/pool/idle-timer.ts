/** Starts `run` after `ms`; returns a cancel. The default timer is unref'd: it never keeps a process alive. */
export type SetTimer = (run: () => void, ms: number) => () => void;

export const defaultSetTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

export interface IdleTimerOptions {
  setTimer: SetTimer;
  /** The idle time now in force (config may change it); 0 = never. */
  timeoutMs: () => number;
  /** Called when the server was unused for timeoutMs; it checks again that it may stop. */
  onIdle: () => void;
}

/**
 * Counts a server's uses in flight (calls, progress streams, inventory fetches) and arms one timer
 * when the last ends: a server is idle only between uses, never during one.
 */
export class IdleTimer {
  #busy = 0;
  #cancel: (() => void) | undefined;
  #armed = false;

  constructor(private readonly options: IdleTimerOptions) {}

  get busy(): boolean {
    return this.#busy > 0;
  }

  /** A use begins: the countdown stops until the returned release is called (once). */
  use(): () => void {
    this.#busy++;
    this.disarm();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#busy--;
      if (this.#busy === 0) this.arm();
    };
  }

  /** (Re)starts the countdown unless a use is in flight or the timeout is 0. */
  arm(): void {
    this.disarm();
    const ms = this.options.timeoutMs();
    if (this.#busy > 0 || ms <= 0) return;
    this.#armed = true;
    this.#cancel = this.options.setTimer(() => {
      this.#cancel = undefined;
      this.#armed = false;
      if (this.#busy === 0) this.options.onIdle();
    }, ms);
  }

  /** The timeout changed: a running countdown starts again with it (0 ends it). */
  rearm(): void {
    if (this.#armed) this.arm();
  }

  disarm(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#armed = false;
  }
}
