import { SESSION_SETTINGS, sessionTimings, type SessionTimings } from '../../shared/config';
import type { Connection } from './connection';
import type { SetTimer } from './idle-timer';

/** How often a quiet 2025-11-25 HTTP session with its GET stream open is asked whether the server still knows it, unless `settings.sessionCheckMs` says otherwise. */
export const SESSION_CHECK_MS = SESSION_SETTINGS.sessionCheckMs.default;
/** A check's ping waits no longer than this, unless `settings.sessionCheckTimeoutMs` says otherwise. */
export const SESSION_CHECK_TIMEOUT_MS = SESSION_SETTINGS.sessionCheckTimeoutMs.default;
const DEFAULTS = sessionTimings(undefined);

/** What the check needs of its slot (slot-lifecycle.ts). */
export interface SessionCheckHost {
  setTimer: SetTimer;
  /** The running connection, undefined while none. */
  current(): Connection | undefined;
  /** The check's ping was answered: the session served us (slot-session-renewal.ts). */
  answered(conn: Connection): void;
  /** The settings in force, read at each period and ping (default: the defaults). */
  timings?: () => SessionTimings;
}

/**
 * A server that forgets a session while our GET stream stays open (no end, no 404 to its re-open)
 * would be found out only at the next request, and its list changes meanwhile lost. It answers 404 to
 * any request carrying an id it does not know (MCP 2025-11-25 Transports §Session Management), so a
 * `ping` (MCP basic/utilities §Ping) says it: at most one per `checkMs` per server (0: none), and none
 * while requests are answered anyway. Its 404 is told by the fetch wrapper (session-expiry.ts), which
 * renews the session; any other failure shows at the next request.
 */
export class SessionCheck {
  readonly #host: SessionCheckHost;
  #watched: Connection | undefined;
  #cancel: (() => void) | undefined;
  /** A request was answered on the watched connection since the last tick. */
  #answered = false;
  /** A tick is awaiting its ping. */
  #ticking = false;

  constructor(host: SessionCheckHost) {
    this.#host = host;
  }

  /** `conn` reached ready: checked from now on if it has a session with a GET stream. */
  watch(conn: Connection): void {
    this.stop();
    if (conn.streamOpened === undefined) return;
    this.#watched = conn;
    this.#arm();
  }

  /** A request was answered on `conn`: no check is needed for this period. */
  answered(conn: Connection): void {
    if (conn === this.#watched) this.#answered = true;
  }

  stop(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#watched = undefined;
  }

  /** A changed setting: the period in force starts over. */
  retime(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    // A tick awaiting its ping arms the next one itself, with the new period: arming here too would
    // leave a second chain of timers that nothing cancels.
    if (this.#watched !== undefined && !this.#ticking) this.#arm();
  }

  #timings(): SessionTimings {
    return this.#host.timings?.() ?? DEFAULTS;
  }

  #arm(): void {
    const ms = this.#timings().checkMs;
    if (ms > 0) this.#cancel = this.#host.setTimer(() => void this.#tick(), ms);
  }

  async #tick(): Promise<void> {
    this.#cancel = undefined;
    this.#ticking = true;
    try {
      await this.#check();
    } finally {
      this.#ticking = false;
    }
    const conn = this.#watched;
    if (conn !== undefined && this.#host.current() === conn && this.#cancel === undefined) this.#arm();
  }

  async #check(): Promise<void> {
    const conn = this.#watched;
    if (conn === undefined) return;
    if (this.#host.current() !== conn) {
      this.#watched = undefined;
      return;
    }
    const quiet = !this.#answered;
    this.#answered = false;
    // No stream open yet: nothing to lose, and a GET that opens later is checked at the next tick.
    if (quiet && conn.streamOpened?.() === true && !conn.sessionExpired()) {
      try {
        await conn.client.ping({ timeout: this.#timings().checkTimeoutMs });
        this.#host.answered(conn);
      } catch {
        // A 404 renews the session through the fetch wrapper; anything else shows at the next request.
      }
    }
  }
}
